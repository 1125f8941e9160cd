// expect: unknown
// The mutant of called_from_main.c whose call passes a length beyond the array: verified at
// the call, the loop's last iteration (OpenMP 5.2 §11.5.2: every iteration of the range runs)
// needs `a[100]`, which does not exist, so the program is
// not verified (the permission is missing; as the footprint is inferred, the verdict is
// `unknown`, not `failed`).
double a[100];

void scale(double *x, int n)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    x[i] = x[i] * 2.0;
}

int main()
{
  scale(a, 101);
  return 0;
}
