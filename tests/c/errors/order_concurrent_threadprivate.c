int counter;
#pragma omp threadprivate(counter)
int main(void)
{
  int a[16];
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 16; i++) {
    a[i] = i;
    counter = counter + 1;
  }
  return a[3];
}
