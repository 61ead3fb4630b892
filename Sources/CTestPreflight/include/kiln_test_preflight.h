#ifndef KILN_TEST_PREFLIGHT_H
#define KILN_TEST_PREFLIGHT_H

/// The most tests Swift Testing runs at once in this process, as the preflight set it
/// (or as the environment already had it); 0 when unset.
int kiln_test_parallelization_width(void);

#endif
