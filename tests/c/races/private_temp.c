// expect: race-free
// OpenMP 5.2 §5.4.3: each thread has its own `tmp`.
int main(void)
{
  int a[100], b[100];
  int tmp;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel for private(tmp)
  for (int i = 0; i < 100; i++) {
    tmp = a[i] * 2;
    b[i] = tmp + 1;
  }
  return b[5];
}
