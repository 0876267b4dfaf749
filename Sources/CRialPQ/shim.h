#ifndef CRIAL_PQ_SHIM_H
#define CRIAL_PQ_SHIM_H
// Debian installs libpq's headers under /usr/include/postgresql (pkg-config libpq says so).
#include <libpq-fe.h>
#endif
