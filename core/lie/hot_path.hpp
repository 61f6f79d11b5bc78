// JS_HOT_PATH marks a hot function that gcc compiles twice, for x86-64-v3 (avx2 + fma) and the baseline, picked at
// load time (ifunc): portable package builds whose joint and dynamics hot paths get fused multiply-adds (the spline
// curve joint's G+S+∇S about a fifth faster); inlined callees follow their caller's target. gcc only: clang 14
// (the fuzz preset) leaves the clones of an out-of-line member undefined at link time.
#pragma once

#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(JS_NO_TARGET_CLONES)
#define JS_HOT_PATH __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define JS_HOT_PATH
#endif
