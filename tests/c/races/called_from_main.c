// expect: race-free
// A function with a parallel region and no contract, called only from `main`: ompv verifies
// it at the call, where `n` is the length of `a` (as `main` passes them). Each iteration
// writes its own element (OpenMP 5.2 §11.5.2: the iterations are shared out among the team).
double a[100];

void scale(double *x, int n, double g)
{
  int i;
#pragma omp parallel for firstprivate(g)
  for (i = 0; i < n; i++)
    x[i] = x[i] * g;
}

int main()
{
  scale(a, 100, 2.0);
  scale(a, 50, 0.5);
  return 0;
}
