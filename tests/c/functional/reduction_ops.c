// expect: verified
// The other operators of OpenMP 5.2 §5.5.5 (identities: `*` 1, `max` the least value of the
// type, `-` 0 combined with `+`, `&&` 1, `||` 0): each loop body only updates its copy, so the
// result is the original combined with every iteration's contribution (§5.5.8). `max` keeps the
// identity in the result (the least `int`): with non-negative elements and a start of 0 it
// disappears. A count is a sum of conditional contributions.
/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\product int k; 0 <= k && k < n; a[k]); @*/
int product(int n, int *a)
{
  int p = 1;
#pragma omp parallel for reduction(*: p)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    p *= a[i];
  return p;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    requires (\forall int k; 0 <= k && k < n; a[k] >= 0);
    ensures \result == (n > 0 ? (\max int k; 0 <= k && k < n; a[k]) : 0); @*/
int maximum(int n, int *a)
{
  int m = 0;
#pragma omp parallel for reduction(max: m)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    if (a[i] > m)
      m = a[i];
  return m;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    requires (\forall int k; 0 <= k && k < n; a[k] <= 1000);
    ensures \result == (n > 0 ? (\min int k; 0 <= k && k < n; a[k]) : 1000); @*/
int minimum(int n, int *a)
{
  int m = 1000;
#pragma omp parallel for reduction(min: m)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    m = a[i] < m ? a[i] : m;
  return m;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; -a[k]); @*/
int negated(int n, int *a)
{
  int s = 0;
#pragma omp parallel for reduction(-: s)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    s -= a[i];
  return s;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures (\result != 0) == (\forall int k; 0 <= k && k < n; a[k] > 0); @*/
int all_positive(int n, int *a)
{
  int ok = 1;
#pragma omp parallel for reduction(&&: ok)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    ok = ok && a[i] > 0;
  return ok;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures (\result != 0) == (\exists int k; 0 <= k && k < n; a[k] == 0); @*/
int any_zero(int n, int *a)
{
  int z = 0;
#pragma omp parallel for reduction(||: z)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    z = z || a[i] == 0;
  return z;
}

/*@ context \pointer(a, n, 1\2);
    requires n >= 0;
    ensures \result == (\sum int k; 0 <= k && k < n; a[k] > 0 ? 1 : 0); @*/
int positives(int n, int *a)
{
  int c = 0;
#pragma omp parallel for reduction(+: c)
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], 1\4);
    if (a[i] > 0)
      c++;
  return c;
}
