// Thesis Listing 7 as written there: the sections call two functions whose bodies are
// parallel regions. A section holding a call is sequential code (a sequential block, the
// call verified against the callee's contract); each callee has a region of its own.
#include <stdlib.h>

/*@
  context \pointer(a, len, 1\2) ** \pointer(b, len, 1\2) ** \pointer(c, len, write);
  ensures (\forall int k; 0 <= k && k < len; c[k] == a[k] + b[k]);
@*/
void add(int len, int a[], int b[], int c[]);

/*@
  context \pointer(a, len, 1\2) ** \pointer(b, len, 1\2) ** \pointer(c, len, write);
  ensures (\forall int k; 0 <= k && k < len; c[k] == a[k] * b[k]);
@*/
void mul(int len, int a[], int b[], int c[]);

/*@
  context \pointer(a, len, 1\2) ** \pointer(b, len, 1\2);
  context \pointer(c, len, write) ** \pointer(e, len, write);
@*/
void both(int len, int a[], int b[], int c[], int e[])
{
  #pragma omp parallel
  {
    #pragma omp sections
    {
      #pragma omp section
      {
        //@ context \pointer(a, len, 1\4) ** \pointer(b, len, 1\4) ** \pointer(c, len, write);
        add(len, a, b, c);
      }
      #pragma omp section
      {
        //@ context \pointer(a, len, 1\4) ** \pointer(b, len, 1\4) ** \pointer(e, len, write);
        mul(len, a, b, e);
      }
    }
  }
}

void add(int len, int a[], int b[], int c[])
{
  #pragma omp parallel
  {
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < len; i++)
      //@ context Perm(c[i], write) ** Perm(a[i], 1\4); ensures c[i] == a[i];
      { c[i] = a[i]; }
    #pragma omp for schedule(static)
    for (int i = 0; i < len; i++)
      //@ context Perm(c[i], write) ** Perm(b[i], 1\4); ensures c[i] == \old(c[i]) + b[i];
      { c[i] = c[i] + b[i]; }
  }
}

void mul(int len, int a[], int b[], int c[])
{
  #pragma omp parallel for
  for (int i = 0; i < len; i++)
    //@ context Perm(c[i], write) ** Perm(a[i], 1\4) ** Perm(b[i], 1\4); ensures c[i] == a[i] * b[i];
    { c[i] = a[i] * b[i]; }
}

/*@ requires false; @*/
int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 10;
  int *a = malloc(n * sizeof(int)), *b = malloc(n * sizeof(int));
  int *c = malloc(n * sizeof(int)), *e = malloc(n * sizeof(int));
  both(n, a, b, c, e);
  free(a); free(b); free(c); free(e);
  return 0;
}
