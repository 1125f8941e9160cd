// A `return` inside a loop would need a jump: unsupported.

int first_positive(int n, int *a)
{
  for (int i = 0; i < n; i++) {
    if (a[i] > 0) {
      return i;
    }
  }
  return -1;
}
