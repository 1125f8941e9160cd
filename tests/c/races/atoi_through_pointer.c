// expect: race 15:5 17:5
// C11 7.22.1.2: `atoi` reads the string its pointer argument designates; the first section
// (OpenMP 5.2 §11.3) writes a character of it at the same time.
#include <stdio.h>
#include <stdlib.h>
char line[16];
int main(void) {
  int n = 0;
  char *p = &line[0];
  line[0] = '1';
  line[1] = '2';
#pragma omp parallel sections
  {
#pragma omp section
    line[1] = '3';
#pragma omp section
    n = atoi(p);
  }
  printf("%d\n", n);
  return 0;
}
// archer: no report — ThreadSanitizer does not see glibc's `atoi` read the string
