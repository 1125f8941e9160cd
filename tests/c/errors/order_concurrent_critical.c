int x;
int main(void)
{
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 10; i++) {
#pragma omp critical
    x = x + i;
  }
  return x;
}
