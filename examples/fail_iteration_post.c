// REJECTED (iteration-contract): the iteration's postcondition promises 2 * i, the body stores i.
//
//   ompv verify examples/fail_iteration_post.c

/*@ context \pointer(a, n, write); @*/
void fill(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(a[i], write); ensures a[i] == 2 * i;
    a[i] = i;
}
