int total;
void add(int v)
{
#pragma omp critical
  total = total + v;
}
int main(void)
{
#pragma omp parallel for order(concurrent)
  for (int i = 0; i < 16; i++)
    add(i);
  return total;
}
