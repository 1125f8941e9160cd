// expect: race 9:5 12:5
// OpenMP 5.2 §15.8.4 and §1.4.1: an atomic write and a plain write of the same location race.
int main(void)
{
  int count = 0;
#pragma omp parallel
  {
#pragma omp atomic
    count++;
#pragma omp atomic
    count += 2;
    count = 0;
  }
  return count;
}
