// expect: failed 23
// Mutant of struct_array_member.c: each iteration writes the next element (an off-by-one
// index), which another iteration reads at the same time.
#include <stdlib.h>
#define N 128

struct signal {
  int len;
  double v[N];
};

/*@ context Perm(s->len, 1\2) ** s->len == N;
    context \pointer(s->v, N, write);
    ensures (\forall int k; 0 <= k && k < N; s->v[k] == \old(s->v[k]) * 2.0);
@*/
void amplify(struct signal *s)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    /*@ context Perm(s->v[i], write);
        ensures s->v[i] == \old(s->v[i]) * 2.0;
    @*/
    s->v[i + 1] = s->v[i] * 2.0;
}

int main(void)
{
  struct signal *s = malloc(sizeof(struct signal));
  if (s == NULL)
    return 1;
  s->len = N;
  for (int i = 0; i < N; i++)
    //@ loop_invariant 0 <= i && i <= N; loop_invariant Perm(s->len, write) ** s->len == N; loop_invariant \pointer(s->v, N, write); loop_invariant (\forall int k; 0 <= k && k < i; s->v[k] == 0.5);
    s->v[i] = 0.5;
  amplify(s);
  //@ assert s->v[7] == 0.5 * 2.0;
  free(s);
  return 0;
}
