// expect: verified
// Character arrays initialised from string literals (C11 6.7.9p14): the literal's bytes, escape
// sequences resolved (6.4.4.4: `\x41` is 'A'), then the terminating null character if there is
// room; an array of unknown size gets room for it (6.7.9p22), and the rest of a longer array is
// zero (6.7.9p21). Each iteration of the loop reads the shared, unchanged string and writes its
// own element (OpenMP 5.2 §11.5.2). ompv once rejected every such initialiser.
#include <assert.h>
#define N 8
int main(void)
{
  char name[] = "omp\x41";
  char buf[N] = "ab";
  unsigned char u[2] = "\xff";
  int out[N];
  assert(name[3] == 'A');
  assert(name[4] == 0);
  assert(buf[1] == 'b' && buf[5] == 0);
  assert(u[0] == 255);
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    out[i] = buf[i] + name[i % 5];
  return 0;
}
