int main(void)
{
  int x = 0;
#pragma omp parallel for
  for (int i = 0; i < 10; i++) {
#pragma omp ordered
    x = x + i;
  }
  return x;
}
