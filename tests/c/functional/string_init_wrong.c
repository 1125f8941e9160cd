// expect: failed assertion:14
// Mutant of string_init.c: the string's bytes are 'o', 'm', 'p', 'A' and the null character
// (C11 6.7.9p14, 6.4.4.4), so its second byte is not 'p': the assertion fails on every run.
// The array `a` of unknown size gets room for the null character (6.7.9p22): its last byte,
// checked first, is 0. There is no parallel construct: the initial thread runs it all
// (OpenMP 5.2 §1.3), so nothing races.
#include <assert.h>
int main(void)
{
  char name[] = "omp\x41";
  char a[] = "xy";
  assert(a[2] == 0);
  assert(name[0] == 'o');
  assert(name[1] == 'p');
  return 0;
}
