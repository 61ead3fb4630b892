// Runs when the test binary loads, before Swift Testing reads its configuration.
//
// Foundation's Process.run() on Linux copies each /proc/self/fd entry's full 256-byte name
// field while it looks for the highest open descriptor. With more than about 1,300 open
// descriptors the last entry of a full directory buffer sits near the buffer's end, and the
// copy reads past it: the test process crashed there (SIGSEGV in memcpy) when Swift
// Testing ran every suite at once and held over 2,000 descriptors (sockets and pipes of the
// loopback servers, event loops and child processes of the tests in flight). Capping how
// many tests run at once keeps the count far below that, for a plain `swift test`.
// An explicit setting in the environment is left as it is.

#include <stdlib.h>

#include "kiln_test_preflight.h"

static const char *const kWidthVariable = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";

__attribute__((constructor)) static void kiln_test_preflight(void) {
  setenv(kWidthVariable, "24", 0);
}

int kiln_test_parallelization_width(void) {
  const char *value = getenv(kWidthVariable);
  return value == NULL ? 0 : atoi(value);
}
