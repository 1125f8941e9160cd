// expect: unknown
// Every iteration calls a function of another file with only a value argument. Its own file may
// keep a `static` counter that each call increments: two iterations on different threads would
// then write it at the same time, a race (OpenMP 5.2 §11.5.2; C11 5.1.2.4p25). ompv cannot see
// that file, so a call updates the state only other files can name (c::opaque) and the answer is
// `unknown`, never `verified`, which it once was (the call was taken to touch nothing). Built
// with such a definition (`static int count; void tick(int k) { count += k; }`), clang 14 and
// Archer report the race; with one that only reads `k`, none.
// run: inconclusive (the run cannot execute a function without a body)
void tick(int k);
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    tick(i);
  return 0;
}
