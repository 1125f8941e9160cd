// expect: race 11:5 11:12
// The mutant of called_from_main.c with a shifted index: iteration `i` writes `x[i]` while
// iteration `i + 1` reads it, in the loop's parallel iterations (OpenMP 5.2 §11.5.2).
double a[101];

void shift(double *x, int n)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    x[i] = x[i + 1];
}

int main()
{
  shift(a, 100);
  return 0;
}
