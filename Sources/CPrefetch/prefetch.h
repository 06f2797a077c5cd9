#ifndef LOCFLOW_PREFETCH_H
#define LOCFLOW_PREFETCH_H

/* Asks the processor to bring the cache line at `p` in, without waiting for it: the model
   checker asks for a visited-set slot one step before it reads it (Sources/LocflowFlow/StateStore.swift).
   Swift has no way to say this itself. A hint: it never faults, whatever `p` is. */
static inline __attribute__((always_inline)) void locflow_prefetch(const void *p) {
    __builtin_prefetch(p, 0, 3);
}

#endif
