// expect: unknown
// OpenMP 5.2 §1.4.1: two sections writing different members of one struct do not race. ompv
// infers no footprint for struct members, so each section is checked holding no permission; the
// failures that follow are not certain, and the answer must be `unknown`, not `failed` (it used
// to be `failed`, as if the program were wrong).
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
