// expect: race-free
// Twin of strlen_through_pointer.c: both sections only read `buf` (C11 7.24.6.3: `strlen`
// reads its argument's characters; OpenMP 5.2 §11.3), once through a pointer variable.
#include <stdio.h>
#include <string.h>
char buf[64];
int main(void) {
  int n = 0, m = 0;
  char *p = buf;
  buf[0] = 'a';
#pragma omp parallel sections
  {
#pragma omp section
    m = buf[0];
#pragma omp section
    n = strlen(p);
  }
  printf("%d %d\n", n, m);
  return 0;
}
