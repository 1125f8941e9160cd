/* stdio.h shipped with ompv: the memory the routines read and write through their pointer
   arguments is given by openmp/src/c/library.rs (the input routines store through their
   pointers, `sprintf` writes its buffer); the streams themselves are not modelled. */
#ifndef OMPV_STDIO_H
#define OMPV_STDIO_H
#include <stddef.h>

typedef struct __ompv_file { int __ompv_state; } FILE;
extern FILE *stdin;
extern FILE *stdout;
extern FILE *stderr;
#define EOF (-1)
#define BUFSIZ 8192

int printf(const char *format, ...);
int fprintf(FILE *stream, const char *format, ...);
int sprintf(char *str, const char *format, ...);
int snprintf(char *str, size_t size, const char *format, ...);
int puts(const char *s);
int fputs(const char *s, FILE *stream);
int putchar(int c);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);
int fflush(FILE *stream);
int getchar(void);
int scanf(const char *format, ...);
int fscanf(FILE *stream, const char *format, ...);
int sscanf(const char *str, const char *format, ...);
FILE *fopen(const char *path, const char *mode);
int fclose(FILE *stream);
void perror(const char *s);
int remove(const char *path);

#endif
