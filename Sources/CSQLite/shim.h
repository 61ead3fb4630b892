#ifndef KILN_CSQLITE_SHIM_H
#define KILN_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
