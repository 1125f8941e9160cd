// `parallel sections` whose sections run independent sequential loops on different arrays.
//
//   ompv verify examples/sections.c

/*@
  requires n >= 0;
  context \pointer(a, n, write) ** \pointer(b, n, write);
  ensures (\forall int k; 0 <= k && k < n; a[k] == 1 && b[k] == 2);
@*/
void fill_both(int n, int *a, int *b)
{
  #pragma omp parallel sections
  {
    #pragma omp section
    {
      /*@ requires n >= 0;
          context \pointer(a, n, write);
          ensures (\forall int k; 0 <= k && k < n; a[k] == 1); @*/
      for (int i = 0; i < n; i++)
        /*@ loop_invariant 0 <= i && i <= n;
            loop_invariant \pointer(a, n, write);
            loop_invariant (\forall int k; 0 <= k && k < i; a[k] == 1); @*/
        { a[i] = 1; }
    }
    #pragma omp section
    {
      /*@ requires n >= 0;
          context \pointer(b, n, write);
          ensures (\forall int k; 0 <= k && k < n; b[k] == 2); @*/
      for (int j = 0; j < n; j++)
        /*@ loop_invariant 0 <= j && j <= n;
            loop_invariant \pointer(b, n, write);
            loop_invariant (\forall int k; 0 <= k && k < j; b[k] == 2); @*/
        { b[j] = 2; }
    }
  }
}
