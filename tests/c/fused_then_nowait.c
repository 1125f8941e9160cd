// Two fused loops, the second also `nowait`: the fused pair runs in parallel with the third
// loop, which (having no static schedule) cannot join the fusion.

/*@ context \pointer(p, n, write) ** \pointer(q, n, write) ** \pointer(r, n, write); @*/
void stages(int n, int *p, int *q, int *r)
{
  #pragma omp parallel
  {
    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(p[i], write); ensures p[i] == 3;
      p[i] = 3;

    #pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      //@ context Perm(p[i], 1\2) ** Perm(q[i], write); ensures q[i] == p[i];
      q[i] = p[i];

    #pragma omp for
    for (int i = 0; i < n; i++)
      //@ context Perm(r[i], write); ensures r[i] == 7;
      r[i] = 7;
  }
}
