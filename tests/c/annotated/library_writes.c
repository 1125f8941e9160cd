// expect: failed 15 19
// Library routines write through their arguments (`scanf` the object each pointer after the
// format designates, `strcpy` the characters of its destination, C11 7.21.6.2, 7.24.2.3):
// what was there before is not known afterwards, so neither assertion is proved (before,
// ompv let both values survive the calls and proved them).
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int x = 0;
  char name[8];
  name[0] = 'a';
  scanf("%d", &x);
  assert(x == 0);
  int y = 1;
  assert(y == 1);
  strcpy(name, "b");
  assert(name[0] == 'a');
  return 0;
}
