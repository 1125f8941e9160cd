/* unistd.h shipped with ompv: the few routines OpenMP test programs use (for timing). */
#ifndef OMPV_UNISTD_H
#define OMPV_UNISTD_H
unsigned int sleep(unsigned int seconds);
int usleep(unsigned int usec);
#endif
