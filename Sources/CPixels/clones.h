#ifndef DUO_CLONES_H
#define DUO_CLONES_H

// The pixel loops work on 16-bit lanes 32 bytes wide (clang's vector types): one instruction
// each with AVX2, two SSE2 ones without. A function marked DUO_VECTOR_CLONES is compiled both
// ways and the program's loader picks the one the processor runs (an ifunc); it is the same
// integer arithmetic either way, so the same pixels. Its helpers are DUO_CLONED_HELPER, inlined
// into each clone and so compiled for it.

#if defined(__x86_64__) && defined(__ELF__)
#define DUO_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define DUO_VECTOR_CLONES
#endif

#define DUO_CLONED_HELPER static inline __attribute__((always_inline))

#endif
