#ifndef CRIAL_FILES_SHIM_H
#define CRIAL_FILES_SHIM_H
// The C library's file calls that Swift's Glibc module does not import: the extended
// attributes of <sys/xattr.h> (POSIX ACLs are kept in them), which a package rewritten in place
// must keep. No code; only RialArchive imports this module.
#include <sys/types.h>
#include <sys/xattr.h>
#endif
