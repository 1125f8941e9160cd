int main(void)
{
  int a[16];
#pragma omp parallel for ordered order(concurrent)
  for (int i = 0; i < 16; i++)
    a[i] = i;
  return a[3];
}
