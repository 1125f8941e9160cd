// expect: failed loop-invariant:14
// Mutant of phase_loop_values.c: each step (OpenMP 5.2 §11, §11.5) adds 2 to every element, so
// the invariant (one per step) is not preserved.
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
      for (int i = 0; i < n; i++)
      /*@ context Perm(a[i], write);
          ensures a[i] == \old(a[i]) + 2; @*/
      {
        a[i] = a[i] + 2;
      }
    }
  }
}
