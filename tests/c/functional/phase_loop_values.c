// expect: verified
// OpenMP 5.2 §11: every thread runs every step of the loop and meets its `omp for` each time;
// the barrier at the end of the `omp for` (§11.5) completes a step before the next begins, so the
// loop invariant (written on the loop inside the region) holds after each step.
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
          ensures a[i] == \old(a[i]) + 1; @*/
      {
        a[i] = a[i] + 1;
      }
    }
  }
}
