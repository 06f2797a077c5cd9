#ifndef LOCFLOW_PREFETCH_H
#define LOCFLOW_PREFETCH_H

#include <stdint.h>

/* What the model checker's visited set (Sources/LocflowCheck/VisitedSet.swift) needs of the
   processor and Swift cannot say itself on raw memory. */

/* Asks the processor to bring the cache line at `p` in, without waiting for it: the model
   checker asks for a visited-set slot before it reads it. A hint: it never faults, whatever
   `p` is. */
static inline __attribute__((always_inline)) void locflow_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

/* A slot's fingerprint, stored by the one thread that inserts after the slot's state number
   (release) and read by the threads that look up (acquire): one that sees the fingerprint sees
   the number. `p` is aligned; on x86-64 both are plain moves the compiler keeps in order. */
static inline __attribute__((always_inline)) void locflow_store_release(uint64_t *p, uint64_t v) {
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

static inline __attribute__((always_inline)) uint64_t locflow_load_acquire(const uint64_t *p) {
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

#endif
