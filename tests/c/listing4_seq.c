// Two parallel loops in one region, separated by the implicit barrier of the first
// (thesis Listing 4, rewritten): the second loop may read what the first wrote.
#include <omp.h>

/*@
  requires \pointer(a, n, 1\2) ** \pointer(b, n, write) ** \pointer(c, n, write);
  requires n > 0;
  ensures  \pointer(a, n, 1\2) ** \pointer(b, n, write) ** \pointer(c, n, write);
@*/
void scale_then_shift(int n, int *a, int *b, int *c)
{
    #pragma omp parallel
    {
        //@ context \pointer(a, n, 1\2) ** \pointer(b, n, write) ** \pointer(c, n, write);
        #pragma omp for
        for (int i = 0; i < n; i++)
        /*@ context Perm(a[i], 1\4) ** Perm(b[i], write);
            ensures b[i] == 2 * a[i]; @*/
        {
            b[i] = 2 * a[i];
        }

        #pragma omp for
        for (int j = 0; j < n; j++)
        /*@ requires j > 0 ==> Perm(b[j - 1], 1\2);
            context Perm(c[j], write);
            ensures j > 0 ==> c[j] == b[j - 1]; @*/
        {
            if (j > 0) {
                c[j] = b[j - 1];
            } else {
                c[j] = 0;
            }
        }
    }
}
