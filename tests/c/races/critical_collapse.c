// expect: race-free
// OpenMP 5.2 §15.2: the increments under `critical` exclude each other, also in a loop nest
// whose two loops are shared out together (§4.4.3, `collapse(2)`).
int main(void)
{
  int cnt = 0;
#pragma omp parallel for collapse(2)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 10; j++) {
#pragma omp critical
      cnt++;
    }
  return cnt;
}
