// Only the rejected declaration is reported: its names' later uses are not "undeclared" again,
// but a name that was never declared still is (see `type_undeclared`).
void init(int n)
{
  int a[10], b[10];
  for (int i = 0; i < 10; i++) { a[i] = i; b[i] = a[i]; }
}
