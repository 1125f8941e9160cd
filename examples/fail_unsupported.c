// REJECTED (unsupported): `omp task` is not part of the OpenMP subset ompv verifies.
//
//   ompv verify examples/fail_unsupported.c

/*@ context \pointer(a, n, write); @*/
void fill(int n, int *a)
{
  #pragma omp parallel
  {
    #pragma omp task
    {
      a[0] = 1;
    }
  }
}
