// expect: race-free
// An array of structs: each iteration updates the members of its own element, through the
// array and through a helper taking a pointer to the element
// (OpenMP 5.2 §11.5: the iterations of a worksharing loop may run at the same time).
#include <stdio.h>
#define N 64
struct particle {
  double x, v;
  double hist[4];
};
struct particle ps[N];
void move(struct particle *q, double dt) { q->x = q->x + dt * q->v; }
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    ps[i].v = 0.5 * i;
    move(&ps[i], 0.1);
    for (int k = 0; k < 4; k++)
      ps[i].hist[k] = ps[i].x;
  }
  printf("%f\n", ps[3].x);
  return 0;
}
