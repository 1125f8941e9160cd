// Parallel composition of parallel regions (thesis Listing 7, rewritten with the regions of
// `add` and `mul` written inside the sections): a region whose `sections` hold two nested
// parallel regions, the first with two fused loops, the second a `parallel for`.
#include <stdio.h>
#include <omp.h>

#define LEN 100

/*@
  context_everywhere len > 0;
  context \pointer(a, len, 1\2) ** \pointer(b, len, 1\2);
  context \pointer(c, len, write) ** \pointer(d, len, write);
  ensures (\forall int k; 0 <= k && k < len; c[k] == a[k] + b[k] && d[k] == a[k] * b[k]);
@*/
void add_and_mul(int len, int a[], int b[], int c[], int d[])
{
  #pragma omp parallel
  {
    /*@ context \pointer(a, len, 1\2) ** \pointer(b, len, 1\2);
        context \pointer(c, len, write) ** \pointer(d, len, write);
        ensures (\forall int k; 0 <= k && k < len; c[k] == a[k] + b[k] && d[k] == a[k] * b[k]); @*/
    #pragma omp sections
    {
      #pragma omp section
      {
        #pragma omp parallel
        {
          #pragma omp for schedule(static) nowait
          for (int i = 0; i < len; i++)
          /*@ context Perm(c[i], write) ** Perm(a[i], 1\4);
              ensures c[i] == a[i]; @*/
          { c[i] = a[i]; }

          #pragma omp for schedule(static)
          for (int i = 0; i < len; i++)
          /*@ context Perm(c[i], write) ** Perm(b[i], 1\4);
              ensures c[i] == \old(c[i]) + b[i]; @*/
          { c[i] = c[i] + b[i]; }
        }
      }
      #pragma omp section
      {
        #pragma omp parallel for
        for (int i = 0; i < len; i++)
        /*@ context Perm(d[i], write) ** Perm(a[i], 1\4) ** Perm(b[i], 1\4);
            ensures d[i] == a[i] * b[i]; @*/
        { d[i] = a[i] * b[i]; }
      }
    }
  }
}

/*@ requires false; @*/
int main(void)
{
  int a[LEN], b[LEN], c[LEN], d[LEN];
  for (int i = 0; i < LEN; i++) { a[i] = i; b[i] = 2 * i; }
  add_and_mul(LEN, a, b, c, d);
  printf("c[1] = %d, d[1] = %d\n", c[1], d[1]);
  return 0;
}
