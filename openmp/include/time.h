/* time.h shipped with ompv. */
#ifndef OMPV_TIME_H
#define OMPV_TIME_H
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC 1000000l
time_t time(time_t *t);
clock_t clock(void);
#endif
