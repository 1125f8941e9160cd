/* stdlib.h shipped with ompv. malloc, calloc, realloc and free are given their meaning by ompv
   (a fresh allocation of the requested number of elements with full permission; allocation is
   assumed to succeed). */
#ifndef OMPV_STDLIB_H
#define OMPV_STDLIB_H
#include <stddef.h>

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647

void *malloc(size_t size);
void *calloc(size_t count, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);

int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
double atof(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
double strtod(const char *s, char **end);

/*@ ensures 0 <= \result && \result <= 2147483647; @*/
int rand(void);
void srand(unsigned int seed);
/* POSIX: the sequence of random/srandom (not required to be thread-safe). */
/*@ ensures 0 <= \result && \result <= 2147483647; @*/
long random(void);
void srandom(unsigned int seed);
/* POSIX: the sequence of drand48/lrand48/srand48 (drand48 and lrand48 need not be
   thread-safe). */
double drand48(void);
/*@ ensures 0 <= \result && \result <= 2147483647; @*/
long lrand48(void);
void srand48(long seedval);
/* POSIX: the next number of the sequence whose state is *seed (which it updates). */
/*@ ensures 0 <= \result && \result <= 2147483647; @*/
int rand_r(unsigned int *seed);

/*@ ensures false; @*/
void exit(int status);
/*@ ensures false; @*/
void abort(void);

int abs(int x);
long labs(long x);
char *getenv(const char *name);
int system(const char *command);

#endif
