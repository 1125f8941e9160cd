// expect: failed 24 33
// Struct elements in specifications: a pointer member read through `v->data`, the permission of
// a whole struct element (`Perm(p[i], write)`: all its members) and `\\pointer` over structs.
struct vec { int n; int *data; };

/*@
  context Perm(v->n, 1\2) ** Perm(v->data, 1\2) ** v->n >= 0;
  context \pointer(v->data, v->n, write);
  ensures (\forall int k; 0 <= k && k < v->n; v->data[k] == 2 * k);
@*/
void fill(struct vec *v)
{
  int n = v->n;
  int *d = v->data;
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(d[i], write); ensures d[i] == 2 * i;
    d[i] = 2 * i;
}

struct pt { int x; double w; };
/*@
  context \pointer(p, n, write);
  ensures (\forall int k; 0 <= k && k < n; p[k].x == k && p[k].w == 0.5);
@*/
void init(struct pt *p, int n)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    //@ context Perm(p[i].x, write); ensures p[i].x == i;
  {
    p[i].x = i;
    p[i].w = 0.5;
  }
}
