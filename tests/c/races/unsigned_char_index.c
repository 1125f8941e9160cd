// expect: race 12:5 12:5
// C11 6.3.1.3: converting `i` to `unsigned char` keeps it modulo 256, so iterations i and
// i + 256 write the same `a[k]`; with chunks of 150 (OpenMP 5.2 §11.5.3) they run on different
// threads. (ompv used to verify this program: it computed `k` as an unbounded integer.)
int a[300];

int main(void)
{
#pragma omp parallel for schedule(static, 150)
  for (int i = 0; i < 300; i++) {
    unsigned char k = i;
    a[k] = i;
  }
  return 0;
}
