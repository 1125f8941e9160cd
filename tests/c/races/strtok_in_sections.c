// expect: race 17:9 19:9
// run: inconclusive (the replay does not model `strtok`)
// C11 7.24.5.8p6: `strtok` is not required to avoid data races with other calls of `strtok`:
// the two sections (OpenMP 5.2 §11.3) split two different strings at the same time, which may
// race on its hidden position.
#include <stdio.h>
#include <string.h>
char a[8];
char b[8];
int main(void) {
  int s = 0, t = 0;
  a[0] = 'x';
  b[0] = 'y';
#pragma omp parallel sections
  {
#pragma omp section
    s = strtok(a, ",") != 0;
#pragma omp section
    t = strtok(b, ",") != 0;
  }
  printf("%d %d\n", s, t);
  return 0;
}
// archer: no report — ThreadSanitizer does not see glibc's `strtok` state
