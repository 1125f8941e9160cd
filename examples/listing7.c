// The thesis's Listing 7 (parallel composition of parallel regions), rewritten with the regions
// of its `add` and `mul` written inside the two sections, and specified with the contracts of
// Fig. 5.4. The region's PPL program is (L1 ⊕ L2) || L3: L1 and L2 are fused (`nowait` and the
// same static schedule), and both run at the same time as L3.
//
//   ompv verify examples/listing7.c

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
    /*@ context (\forall* int k; 0 <= k && k < len; Perm(a[k], 1\2));
        context (\forall* int k; 0 <= k && k < len; Perm(b[k], 1\2));
        context (\forall* int k; 0 <= k && k < len; Perm(c[k], write));
        context (\forall* int k; 0 <= k && k < len; Perm(d[k], write));
        ensures (\forall int k; 0 <= k && k < len; c[k] == a[k] + b[k] && d[k] == a[k] * b[k]); @*/
    #pragma omp sections
    {
      #pragma omp section
      {
        #pragma omp parallel
        {
          #pragma omp for schedule(static) nowait
          for (int i = 0; i < len; i++) // L1
            /*@ context Perm(c[i], write) ** Perm(a[i], 1\4);
                ensures c[i] == a[i]; @*/
            { c[i] = a[i]; }

          #pragma omp for schedule(static)
          for (int i = 0; i < len; i++) // L2
            /*@ context Perm(c[i], write) ** Perm(b[i], 1\4);
                ensures c[i] == \old(c[i]) + b[i]; @*/
            { c[i] = c[i] + b[i]; }
        }
      }
      #pragma omp section
      {
        #pragma omp parallel for
        for (int i = 0; i < len; i++) // L3
          /*@ context Perm(d[i], write) ** Perm(a[i], 1\4) ** Perm(b[i], 1\4);
              ensures d[i] == a[i] * b[i]; @*/
          { d[i] = a[i] * b[i]; }
      }
    }
  }
}
