/*@ context \pointer(a, n, write);
    ensures (\forall int k; 0 <= k && k < n; a[k] == ); @*/
void zero(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
