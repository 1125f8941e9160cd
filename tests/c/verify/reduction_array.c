int f(int n)
{
  int h[4];
  h[0] = 0;
#pragma omp parallel for reduction(+: h)
  for (int i = 0; i < n; i++)
    h[0] += 1;
  return h[0];
}
