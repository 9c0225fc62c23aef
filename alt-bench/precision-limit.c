// What double weights cost against float ones in C, on the C yardstick's RCV1-shaped stream: the bar for
// FALT double / float (issue 7) set by this machine rather than by Java. Not part of the build; run by
// alt-bench/precision-limit.sh.
//
// The same stream as ../shared/yardstick/falt_limit.c (its generator, copied: xorshift64, Zipf-like
// feature popularity d·u³, unit-norm values, 1-5 random labels). One FALT round per example, as the
// yardstick's blocked train: scores with every label block in a register across the non-zeros, the ALT
// loss's coefficients, then W[f] += x_f·g for the rows x touches. Two precisions, written the way ALT
// writes them:
//   float:  rows of L+1 floats padded to 16 lanes, fused multiply-adds (the yardstick's loops);
//   double: rows of L+1 doubles padded to 8 lanes (one 64-byte line), multiply then add, never fused
//           (ALT's double specification; compiled with -ffp-contract=off so gcc does not fuse the update).
// Both W on 64-byte lines (aligned_alloc). Passes alternate float, double, float, double, ...; every pass
// starts from W = 0 and trains over the whole stream; the program prints each pass and the medians.
//
// Usage: precision_limit D L NNZ N [passes]     (L+1 <= 128; default passes 5)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <errno.h>
#include <immintrin.h>

static unsigned long long rng = 88172645463325252ULL;
static inline unsigned long long xs(void){ rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static inline double u01(void){ return (xs() >> 11) * (1.0/9007199254740992.0); }
static double now(void){ struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec + t.tv_nsec*1e-9; }

static int D, L, NNZ, N, fstride, dstride;
static int *idx, *lab, *nlab; static float *val;

// The ALT loss's coefficients from the scores (threshold score at L), computed in double as ALT does, with the
// yardstick's sign (the step is W[f] += x_f·g); a side without labels (no relevant or no irrelevant label) adds
// nothing, as in ALT. Returns the number of violated margins.
static int coefficients(const double *sc, const char *rel, int ny, double *g, int width) {
  int nyb = L - ny, at = 0, bt = 0; double th = sc[L];
  for (int l = 0; l < L; l++) {
    if (rel[l]) { if (sc[l] - th < 1) { at++; g[l] = 1.0/ny; } else g[l] = 0; }
    else { if (th - sc[l] < 1) { bt++; g[l] = -1.0/nyb; } else g[l] = 0; }
  }
  for (int l = L; l < width; l++) g[l] = 0;
  g[L] = -((ny > 0 ? (double)at/ny : 0.0) - (nyb > 0 ? (double)bt/nyb : 0.0));
  return at + bt;
}

static double train_float(float *W, double *scd, double *gd, float *sc, float *g, char *rel) {
  int nb = fstride/16; double sink = 0;
  for (int i = 0; i < N; i++) {
    const int *ix = idx + (size_t)i*NNZ; const float *vx = val + (size_t)i*NNZ;
    __m512 a[8];
    for (int b = 0; b < 8; b++) a[b] = _mm512_setzero_ps();
    for (int k = 0; k < NNZ; k++) { const float *w = W + (size_t)ix[k]*fstride; __m512 v = _mm512_set1_ps(vx[k]);
      for (int b = 0; b < nb; b++) a[b] = _mm512_fmadd_ps(v, _mm512_load_ps(w + 16*b), a[b]); }
    for (int b = 0; b < nb; b++) _mm512_store_ps(sc + 16*b, a[b]);
    for (int l = 0; l <= L; l++) scd[l] = sc[l];
    int ny = 0;
    for (int j = 0; j < nlab[i]; j++) rel[lab[i*8+j]] = 1;
    for (int l = 0; l < L; l++) ny += rel[l];
    int violated = coefficients(scd, rel, ny, gd, fstride);
    for (int j = 0; j < nlab[i]; j++) rel[lab[i*8+j]] = 0;
    sink += sc[L];
    if (violated == 0) continue;
    __m512 c[8];
    for (int l = 0; l < fstride; l++) g[l] = (float)gd[l];
    for (int b = 0; b < nb; b++) c[b] = _mm512_load_ps(g + 16*b);
    for (int k = 0; k < NNZ; k++) { float *w = W + (size_t)ix[k]*fstride; __m512 v = _mm512_set1_ps(vx[k]);
      for (int b = 0; b < nb; b++) _mm512_store_ps(w + 16*b, _mm512_fmadd_ps(v, c[b], _mm512_load_ps(w + 16*b))); }
  }
  return sink;
}

static double train_double(double *W, double *sc, double *g, char *rel) {
  int nb = dstride/8; double sink = 0;
  for (int i = 0; i < N; i++) {
    const int *ix = idx + (size_t)i*NNZ; const float *vx = val + (size_t)i*NNZ;
    __m512d a[16];
    for (int b = 0; b < 16; b++) a[b] = _mm512_setzero_pd();
    for (int k = 0; k < NNZ; k++) { const double *w = W + (size_t)ix[k]*dstride; __m512d v = _mm512_set1_pd((double)vx[k]);
      for (int b = 0; b < nb; b++) a[b] = _mm512_add_pd(a[b], _mm512_mul_pd(v, _mm512_load_pd(w + 8*b))); }
    for (int b = 0; b < nb; b++) _mm512_store_pd(sc + 8*b, a[b]);
    int ny = 0;
    for (int j = 0; j < nlab[i]; j++) rel[lab[i*8+j]] = 1;
    for (int l = 0; l < L; l++) ny += rel[l];
    int violated = coefficients(sc, rel, ny, g, dstride);
    for (int j = 0; j < nlab[i]; j++) rel[lab[i*8+j]] = 0;
    sink += sc[L];
    if (violated == 0) continue;
    __m512d c[16];
    for (int b = 0; b < nb; b++) c[b] = _mm512_load_pd(g + 8*b);
    for (int k = 0; k < NNZ; k++) { double *w = W + (size_t)ix[k]*dstride; __m512d v = _mm512_set1_pd((double)vx[k]);
      for (int b = 0; b < nb; b++) _mm512_store_pd(w + 8*b, _mm512_add_pd(_mm512_load_pd(w + 8*b), _mm512_mul_pd(v, c[b]))); }
  }
  return sink;
}

static int cmp(const void *a, const void *b) { double x = *(const double*)a, y = *(const double*)b; return (x > y) - (x < y); }

// A whole number in [lo, hi], or exit 2 naming the argument.
static long arg(const char *s, const char *name, long lo, long hi) {
  char *end; errno = 0; long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < lo || v > hi) { fprintf(stderr, "%s must be a whole number in [%ld, %ld], not '%s'\n", name, lo, hi, s); exit(2); }
  return v;
}
static void *need(void *p, size_t bytes) {
  if (!p) { fprintf(stderr, "cannot allocate %zu bytes\n", bytes); exit(2); }
  return p;
}

int main(int argc, char** argv){
  if (argc < 5) { fprintf(stderr, "usage: %s D L NNZ N [passes]\n", argv[0]); return 2; }
  D = (int) arg(argv[1], "D", 1, 100000000); L = (int) arg(argv[2], "L", 1, 127);
  NNZ = (int) arg(argv[3], "NNZ", 1, 100000); N = (int) arg(argv[4], "N", 1, 100000000);
  int passes = argc > 5 ? (int) arg(argv[5], "passes", 1, 64) : 5;
  if (D < NNZ) { fprintf(stderr, "need D >= NNZ\n"); return 2; }
  fstride = ((L + 1 + 15) / 16) * 16;
  dstride = ((L + 1 + 7) / 8) * 8;
  if (fstride > 128) { fprintf(stderr, "L+1 must be <= 128\n"); return 2; }
  idx = need(malloc(sizeof(int)*(size_t)N*NNZ), sizeof(int)*(size_t)N*NNZ);
  val = need(malloc(sizeof(float)*(size_t)N*NNZ), sizeof(float)*(size_t)N*NNZ);
  lab = need(malloc(sizeof(int)*(size_t)N*8), sizeof(int)*(size_t)N*8); nlab = need(malloc(sizeof(int)*(size_t)N), sizeof(int)*(size_t)N);
  for (int i = 0; i < N; i++) {
    int k = 0; float nrm = 0;
    while (k < NNZ) { int f = (int)(D * pow(u01(), 3.0)); if (f >= D) f = D-1; int dup = 0;
      for (int j = 0; j < k; j++) if (idx[(size_t)i*NNZ+j]==f) {dup=1;break;}
      if (dup) continue; idx[(size_t)i*NNZ+k] = f; val[(size_t)i*NNZ+k] = (float)u01();
      nrm += val[(size_t)i*NNZ+k]*val[(size_t)i*NNZ+k]; k++; }
    nrm = sqrtf(nrm); for (int j = 0; j < NNZ; j++) val[(size_t)i*NNZ+j] /= nrm;
    nlab[i] = 1 + (int)(u01()*5); for (int j = 0; j < nlab[i]; j++) lab[i*8+j] = (int)(u01()*L);
  }
  size_t fbytes = sizeof(float)*(size_t)D*fstride, dbytes = sizeof(double)*(size_t)D*dstride;
  float *Wf = need(aligned_alloc(64, (fbytes + 63) / 64 * 64), fbytes);
  double *Wd = need(aligned_alloc(64, (dbytes + 63) / 64 * 64), dbytes);
  float *sc = aligned_alloc(64, 512), *g = aligned_alloc(64, 512);
  double *scd = aligned_alloc(64, 1024), *gd = aligned_alloc(64, 1024);
  char *rel = calloc(L, 1);
  double tf[64], td[64], ratio[64], sink = 0;
  printf("D=%d L=%d nnz=%d N=%d: float W %.1f MB (stride %d), double W %.1f MB (stride %d)\n",
         D, L, NNZ, N, fbytes / 1e6, fstride, dbytes / 1e6, dstride);
  for (int p = 0; p < passes; p++) {
    memset(Wf, 0, fbytes); memset(Wd, 0, dbytes);
    double t0 = now(); sink += train_float(Wf, scd, gd, sc, g, rel);
    double t1 = now(); sink += train_double(Wd, scd, gd, rel);
    double t2 = now();
    tf[p] = (t1 - t0) * 1e9 / N; td[p] = (t2 - t1) * 1e9 / N; ratio[p] = td[p] / tf[p];
    printf("pass %d: float %.0f ns/example, double %.0f ns/example, double / float %.2f\n", p + 1, tf[p], td[p], ratio[p]);
  }
  qsort(tf, passes, sizeof(double), cmp); qsort(td, passes, sizeof(double), cmp); qsort(ratio, passes, sizeof(double), cmp);
  printf("medians: float %.0f, double %.0f ns/example; double / float %.2f (sink %.3g)\n",
         tf[passes / 2], td[passes / 2], ratio[passes / 2], sink);
  return 0;
}
