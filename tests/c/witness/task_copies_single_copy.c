// expect: no race
// OpenMP 5.2 §5.1.1: in a task with no `default` clause, a variable that is not shared by the
// whole team in the enclosing context is firstprivate. Here that context is the `single`'s
// `firstprivate` copy of the global `x`, private to the thread that runs it, so the task writes
// a copy of its own while the `single` reads its copy. (Found by the C fuzz test, seed
// 1796191118: the run took every global in a task for shared.)
int x;
int a[4];
int t;
int main(void)
{
#pragma omp parallel
  {
#pragma omp single firstprivate(x)
    {
#pragma omp task
      {
        x = x + 1;
        a[1] = x;
      }
      t = a[3] + x;
    }
  }
  return a[1] + t;
}
