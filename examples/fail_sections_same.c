// REJECTED (race): two sections run at the same time and both write a[0].
//
//   ompv verify examples/fail_sections_same.c

/*@ requires n > 0; context \pointer(a, n, write); @*/
void both_write(int n, int *a)
{
  #pragma omp parallel sections
  {
    #pragma omp section
    {
      //@ requires n > 0; context Perm(a[0], write); ensures a[0] == 1;
      a[0] = 1;
    }
    #pragma omp section
    {
      //@ requires n > 0; context Perm(a[0], write); ensures a[0] == 2;
      a[0] = 2;
    }
  }
}
