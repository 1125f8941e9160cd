// expect: race 13:5 15:5
// C11 7.24.6.3: `strlen` reads the characters of its argument up to the null character, here
// through a pointer variable to `buf`, while the other section (OpenMP 5.2 §11.3) writes one.
#include <stdio.h>
#include <string.h>
char buf[64];
int main(void) {
  int n = 0;
  char *p = buf;
#pragma omp parallel sections
  {
#pragma omp section
    buf[0] = 'a';
#pragma omp section
    n = strlen(p);
  }
  printf("%d\n", n);
  return 0;
}
