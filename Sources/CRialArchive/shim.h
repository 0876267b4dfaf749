#ifndef CRIAL_ARCHIVE_SHIM_H
#define CRIAL_ARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

// libarchive's file-type constants are macros over mode_t values that Swift imports
// inconsistently across platforms; these give them one spelling.
static inline unsigned int crial_ae_ifreg(void) { return (unsigned int)AE_IFREG; }
static inline unsigned int crial_ae_ifdir(void) { return (unsigned int)AE_IFDIR; }
static inline unsigned int crial_ae_ifmt(void) { return (unsigned int)AE_IFMT; }

// `uselocale` needs a locale_t built with a mask macro; libarchive converts entry names
// through the thread's LC_CTYPE, which must be UTF-8 (see RialArchive/ArchiveLocale.swift).
static inline locale_t crial_new_utf8_ctype_locale(void) {
    return newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
}

// sync_file_range(2) is Linux-only and declared only under _GNU_SOURCE, which Swift's Glibc
// module does not define; the system call itself needs neither. Its argument order is this one
// on x86_64 and aarch64 only (32-bit ARM and PowerPC have sync_file_range2), so elsewhere this
// returns -1 and does nothing: the caller treats it as a hint.
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif
static inline int crial_start_writeback(int fd, long long offset, long long count) {
#if defined(__linux__) && defined(SYS_sync_file_range) && (defined(__x86_64__) || defined(__aarch64__))
    return (int)syscall(SYS_sync_file_range, fd, offset, count, 2 /* SYNC_FILE_RANGE_WRITE */);
#else
    (void)fd; (void)offset; (void)count;
    return -1;
#endif
}
#endif
