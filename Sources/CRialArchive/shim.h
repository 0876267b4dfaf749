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
#endif
