// expect: no race
int main(void) {
  int buf[4] = {0, 0, 0, 0};
  int got = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(buf) depend(out : buf)
    buf[2] = 5;
#pragma omp task shared(buf, got) depend(in : buf[2])
    got = buf[2];
  }
  return got;
}
// §15.9.5: dependences on overlapping storage (an array and its element) order tasks; disjoint ones do not.
