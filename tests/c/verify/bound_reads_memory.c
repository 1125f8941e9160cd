// The bound of a parallel loop reads memory (the region could change it): unsupported.

/*@ requires n > 0; context \pointer(a, n, write); @*/
void fill(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < a[0]; i++)
    //@ context Perm(a[i], write);
    a[i] = 0;
}
