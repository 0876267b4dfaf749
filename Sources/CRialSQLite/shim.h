#ifndef CRIAL_SQLITE_SHIM_H
#define CRIAL_SQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, a macro Swift cannot import:
// binding with it makes SQLite copy the bytes before the call returns.
static inline int crial_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}
#endif
