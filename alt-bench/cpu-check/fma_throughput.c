/* 64 independent multiply-add chains: bound by the core's FMA throughput (alt-bench/cpu-check.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
  struct timespec a, b;
  double m = atof(argv[1]), c = atof(argv[2]);
  clock_gettime(CLOCK_MONOTONIC, &a);
  double acc[64];
  for (int i = 0; i < 64; i++) acc[i] = 1.0 + i * 1e-9;
  for (long it = 0; it < 300000000L; it++) {
#pragma GCC unroll 64
    for (int i = 0; i < 64; i++) acc[i] = acc[i] * m + c;
  }
  double s = 0;
  for (int i = 0; i < 64; i++) s += acc[i];
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("%.3f s (%g)\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9, s);
  return 0;
}
