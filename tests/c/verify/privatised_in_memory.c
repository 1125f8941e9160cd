// Originals in memory that a region privatises get unknown values (OpenMP 5.2 §5.5.8: the
// reduction combines the copies into the global; §5.4.5: the sequentially last iteration's
// value goes to the `lastprivate` global), not the values they had before.
int g;
int x;

/*@ context Perm(g, write);
    requires g == 0 && n > 0;
    ensures g == 0; @*/
void add(int n)
{
#pragma omp parallel for reduction(+: g)
  for (int i = 0; i < n; i++)
    g += 1;
}

/*@ context Perm(x, write);
    requires n > 0; @*/
void last(int n)
{
  x = 5;
#pragma omp parallel for lastprivate(x)
  for (int i = 0; i < n; i++)
    x = i;
  //@ assert x == 5;
}
