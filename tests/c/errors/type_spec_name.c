/*@ context \pointer(b, n, write); @*/
void f(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0;
}
