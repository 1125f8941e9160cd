void f(int n)
{
  int cnt = 0;
#pragma omp parallel
  {
    //@ resource_invariant critical(cnt_lock): Perm(cnt, write) ** cnt >= 0;
#pragma omp for
    for (int i = 0; i < n; i++) {
#pragma omp critical(other)
      cnt++;
    }
  }
}
