// OpenMP 5.2 §5.5.8: a section of part of an array privatises only that part; ompv does not
// model it (taking the whole array would hide races on the other elements).
int main(void)
{
  int hist[10];
  for (int i = 0; i < 10; i++)
    hist[i] = 0;
#pragma omp parallel for reduction(+ : hist[0:5])
  for (int i = 0; i < 100; i++)
    hist[i % 5] += 1;
  return hist[0];
}
