/* The header of opaque_header*.c: routines whose definitions are in another file. */
#ifndef OPAQUE_HEADER_H
#define OPAQUE_HEADER_H
void timer_start(int which);
double timer_read(int which);
void init_data(double *a, int n);
#endif
