// expect: race-free
// Two sections write different members of one struct: different memory locations, so no race
// (OpenMP 5.2 §1.3: a data race needs two accesses to the same location; §11.3: the sections
// of a `sections` construct may run at the same time). Each section's footprint names its
// member (`Perm(s.v, write)`, `Perm(s.w, write)`).
struct S {
  int v;
  int w;
};

struct S s;

int main(void)
{
#pragma omp parallel sections
  {
#pragma omp section
    s.v = 1;
#pragma omp section
    s.w = 2;
  }
  return s.v;
}
