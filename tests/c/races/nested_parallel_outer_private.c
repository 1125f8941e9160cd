// expect: race 13:7 13:7
// OpenMP 5.2 §5.1.1: `mine` is private to each thread of the outer region, and shared by the
// team that thread starts for the nested loop, whose iterations all update it. The proof does
// not model this (unsupported); running the program finds the race.
int main(void)
{
  int s = 0;
#pragma omp parallel
  {
    int mine = 0;
#pragma omp parallel for
    for (int i = 0; i < 8; i++)
      mine = mine + i;
#pragma omp critical
    s = s + mine;
  }
  return s;
}
