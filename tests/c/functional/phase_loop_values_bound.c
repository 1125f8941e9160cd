// expect: failed iteration-contract:18
// Mutant of phase_loop_values.c with an off-by-one bound (`i <= n`): the iteration n of the
// worksharing loop (OpenMP 5.2 §11.5) needs `a[n]`, which the function does not hold.
/*@ context n > 0 && steps >= 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + steps); @*/
void add_steps(int n, int steps, int *a)
{
  int t;
#pragma omp parallel private(t)
  {
    /*@ loop_invariant 0 <= t && t <= steps;
        loop_invariant \pointer(a, n, write);
        loop_invariant (\forall int k; 0 <= k && k < n; a[k] == \old(a[k]) + t); @*/
    for (t = 0; t < steps; t++) {
#pragma omp for
      for (int i = 0; i <= n; i++)
      /*@ context Perm(a[i], write);
          ensures a[i] == \old(a[i]) + 1; @*/
      {
        a[i] = a[i] + 1;
      }
    }
  }
}
