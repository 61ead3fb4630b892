// glibc's heap statistics, for kiln-bench's memory figures on Linux. Swift's Glibc module does
// not export <malloc.h>.
#ifndef KILN_CMALLOCINFO_SHIM_H
#define KILN_CMALLOCINFO_SHIM_H

#include <malloc.h>

/// Bytes the program has allocated and not yet freed, in every arena and in mmapped blocks.
static inline size_t kiln_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

#endif
