// expect: race 17:5 19:5
// Mutant of struct_members_sections.c: both sections write the member `v`
// (OpenMP 5.2 §11.3: the sections may run at the same time; §1.3: two unordered writes of one
// location race).
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
    s.v = 2;
  }
  return s.v;
}
