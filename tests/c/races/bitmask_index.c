// expect: race 14:5 14:5
// run: --schedule blocks
// `i & 3` repeats every four iterations: iterations 1 and 5 both write `a[1]`
// (OpenMP 5.2 §11.5: iterations of a worksharing loop may run at the same time; §1.3: two
// unordered writes of one location race). The proof cannot express `&`, so the footprint is the whole array
// (no certain race); the run confirms one. Its first run deals iterations round-robin, which
// puts every iteration writing `a[k]` on thread k; the second gives each thread a block
// (§11.5.3: without a `schedule` clause the distribution is the implementation's).
int a[4];
int main(void)
{
#pragma omp parallel for
  for (int i = 0; i < 10; i++)
    a[i & 3] = i;
  return a[1];
}
