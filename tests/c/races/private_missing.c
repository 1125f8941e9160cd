// expect: race 12:5 12:5
// Mutant of private_temp.c without private(tmp): `tmp` is shared (OpenMP 5.2 §5.1.1), so every
// iteration writes the same variable.
int main(void)
{
  int a[100], b[100];
  int tmp;
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    tmp = a[i] * 2;
    b[i] = tmp + 1;
  }
  return b[5];
}
