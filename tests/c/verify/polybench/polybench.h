/* A stand-in for PolyBench's header (as DataRaceBench ships it): the allocator and timers are
   declared here and defined elsewhere; ompv knows what they do (`c/convert/polybench.rs`). */
#ifndef POLYBENCH_H
#define POLYBENCH_H
void *polybench_alloc_data(unsigned long long int n, int elt_size);
#endif
