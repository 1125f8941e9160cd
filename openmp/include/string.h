/* string.h shipped with ompv. memset and memcpy are given their meaning by ompv when their size
   is a whole object (`sizeof a`) or a number of elements times the element size; what the string
   functions read and write is given by openmp/src/semantics/libc.rs. */
#ifndef OMPV_STRING_H
#define OMPV_STRING_H
#include <stddef.h>
void *memset(void *s, int c, size_t n);
void *memcpy(void *dest, const void *src, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *dest, const char *src);
char *strncpy(char *dest, const char *src, size_t n);
char *strcat(char *dest, const char *src);
char *strtok(char *s, const char *delim);
char *strerror(int errnum);
#endif
