/* math.h shipped with ompv: pure functions on uninterpreted floating-point values (no rounding
   and no identities are modelled: equal arguments give equal results). */
#ifndef OMPV_MATH_H
#define OMPV_MATH_H
double sqrt(double x);
double fabs(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double exp(double x);
double log(double x);
double log10(double x);
double pow(double x, double y);
double floor(double x);
double ceil(double x);
double round(double x);
double fmin(double x, double y);
double fmax(double x, double y);
double fmod(double x, double y);
double atan(double x);
double atan2(double y, double x);
float sqrtf(float x);
float fabsf(float x);
#define M_PI 3.14159265358979323846
#define HUGE_VAL (1.0e308 * 10.0)
#endif
