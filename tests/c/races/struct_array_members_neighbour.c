// expect: race 12:63 17:5
// Mutant of struct_array_members.c: the helper is given the next element, whose velocity
// that element's own iteration writes
// (OpenMP 5.2 §11.5; §1.3: a write and an unordered read of one location race).
#include <stdio.h>
#define N 64
struct particle {
  double x, v;
  double hist[4];
};
struct particle ps[N + 1];
void move(struct particle *q, double dt) { q->x = q->x + dt * q->v; }
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    ps[i].v = 0.5 * i;
    move(&ps[i + 1], 0.1);
  }
  printf("%f\n", ps[3].x);
  return 0;
}
