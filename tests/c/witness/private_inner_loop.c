// expect: race 7:10:W 7:17:R; 7:10:W 7:25:W; 7:17:R 7:25:W; 7:25:R 7:25:W; 7:25:W 7:25:W; 7:25:W 8:12:R; 7:25:W 8:21:R
int m[16][16];
int main(void) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < 16; i++)
    for (j = 0; j < 16; j++)
      m[i][j] = i + j;
  return m[3][4];
}
// §5.1.1: the inner loop's variable declared outside the construct is shared unless listed private.
