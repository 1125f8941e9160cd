// expect: race-free
// OpenMP 5.2 §11.5: the iterations of the loop may run on any threads; here `i + 50` is below
// 256 for every i < 200, so the conversion to `unsigned char` (C11 6.3.1.3) keeps every index
// distinct and no two iterations write one element.
int a[300];

int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 200; i++) {
    unsigned char k = i + 50;
    a[k] = i;
  }
  return 0;
}
