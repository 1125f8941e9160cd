// `time(&t)` writes the time to `t` too (C11 7.27.2.4): its old value is gone.
#include <time.h>
int main(void)
{
  time_t t = 0;
  time_t r = time(&t);
  //@ assert t == 0;
  time(0);
  return 0;
}
