// expect: race 17:7 17:7
// Every iteration of a worksharing loop writes its own element, and, when the size (read from
// the command line, 100 without an argument) is over 50, also the first element, which
// iteration 0 writes too: two iterations may write `a[0]` at the same time (OpenMP 5.2 §11.5). (The permission of the
// first element, asked for by every iteration under a condition, is one location, not a
// region over an index.)
#include <stdlib.h>

int main(int argc, char *argv[])
{
  int n = argc > 1 ? atoi(argv[1]) : 100;
  int *a = malloc(n * sizeof(int));
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[i] = i;
    if (n > 50)
      a[0] = 1;
  }
  free(a);
  return 0;
}
