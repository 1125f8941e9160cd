// expect: race 13:5 12:12
// The mutant of global_bound.c whose iterations also write the global they read: iterations
// run in parallel (OpenMP 5.2 §11.5.2), one reads `m` while another writes it.
int m = 100;
double a[100];

int main()
{
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
  {
    a[i] = m;
    m = i;
  }
  return 0;
}
