/* A complete program: system headers, ompv's omp.h, printf in main (not verified),
   indented and multi-line pragmas, and OpenMP runtime calls in verified code. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 64

/*@
  requires threads >= 1;
  context \pointer(v, n, write);
  ensures (\forall int k; 0 <= k && k < n; v[k] == k);
@*/
void iota(int threads, int n, int *v)
{
    omp_set_num_threads(threads);
        #pragma omp parallel \
                default(none) shared(v, n)
        {
            #   pragma   omp   for \
                  schedule(static, 4) \
                  nowait
            for (int i = 0; i < n; ++i)
                /*@ context Perm(v[i], write);
                    ensures v[i] == i; @*/
            {
                int me = omp_get_thread_num();
                v[i] = i;
            }
        }
}

/*@ requires false; @*/
int main(void)
{
    int *v = (int *) malloc(N * sizeof(int));
    if (v == NULL) { fprintf(stderr, "out of memory\n"); return 1; }
    iota(4, N, v);
    for (int i = 0; i < N; i++)
        printf("%d%c", v[i], i + 1 == N ? '\n' : ' ');
    #pragma omp parallel
    printf("hello from thread %d of %d\n", omp_get_thread_num(), omp_get_num_threads());
    free(v);
    return EXIT_SUCCESS;
}
