// OpenMP 5.2 §4.4.1: an inner loop of a collapsed nest may have bounds that read an outer
// loop's variable (a non-rectangular nest); ompv's proof takes every dimension's range as fixed.
int a[100][100];

int main(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < 100; i++)
    for (int j = i; j < 100; j++)
      a[j][i] = a[i][j];
  return 0;
}
