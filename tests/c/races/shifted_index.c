// expect: race 9:12 9:5
// Off by one: iteration i writes a[i] while iteration i + 1 reads it (OpenMP 5.2 §11.5.3: the
// iterations of a worksharing loop may run in any order and at the same time).
int main(void)
{
  int a[101];
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    a[i] = a[i + 1] + 1;
  return a[0];
}
