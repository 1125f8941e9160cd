// expect: race 13:5 15:20
// C11 7.21.6.1p8: `%s` writes the characters of the string its argument points to, reading
// them: the second section reads `name` through `p` while the first (OpenMP 5.2 §11.3) writes it.
#include <stdio.h>
char name[8];
int main(void) {
  char *p = name;
  name[0] = 'a';
  name[1] = 0;
#pragma omp parallel sections
  {
#pragma omp section
    name[0] = 'b';
#pragma omp section
    printf("%s\n", p);
  }
  return 0;
}
