int main(void)
{
  int a[16];
#pragma omp simd order(concurrent) safelen(4)
  for (int i = 0; i < 16; i++)
    a[i] = i;
  return a[3];
}
