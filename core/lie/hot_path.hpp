// JS_HOT_PATH marks a hot function that gcc and clang compile twice, for x86-64-v3 (avx2 + fma) and for
// the baseline, picking one at load time (ifunc). the package builds stay portable while the joint and
// dynamics hot paths get fused multiply-adds, which cut the spline curve joint's G+S+∇S by about a fifth.
// callees inlined into a marked function are compiled for its target too.
#pragma once

#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(JS_NO_TARGET_CLONES)
#define JS_HOT_PATH __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define JS_HOT_PATH
#endif
