#ifndef SIDELINE_CLIBPQ_H
#define SIDELINE_CLIBPQ_H

// The system libpq (apt: libpq-dev) for SidelinePostgres (docs/adr/038-postgresql-through-libpq.md).
// Nothing of libpq's API that SidelinePostgres uses is variadic, so unlike CCurl this is only
// a module map over the header: no C of our own.

#include <libpq-fe.h>

#endif
