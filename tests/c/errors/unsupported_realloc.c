#include <stdlib.h>

int main(void)
{
  int *a = (int *) malloc(4 * sizeof(int));
  a = (int *) realloc(a, 8 * sizeof(int));
  free(a);
  return 0;
}
