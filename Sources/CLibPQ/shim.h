#ifndef KILN_CLIBPQ_SHIM_H
#define KILN_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
