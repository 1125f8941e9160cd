// expect: failed race:10 iteration-contract:13
// Mutant of linear_value.c without the clause: `j` is shared (OpenMP 5.2 §5.1.1) and every
// iteration writes it: a race (and the postcondition, about the value `j` had, does not hold).
/*@ context n > 0;
    context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == 3 + 2 * k); @*/
void f(int n, int *a)
{
  int j = 3;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    /*@ context Perm(a[i], write);
        ensures a[i] == j + 2 * i; @*/
  {
    a[i] = j;
    j += 2;
  }
}
