#ifndef CRIAL_SECCOMP_SHIM_H
#define CRIAL_SECCOMP_SHIM_H
// libseccomp (Debian's libseccomp-dev): the media probe's system-call allow-list. Only
// RialProbeSandbox imports this module. seccomp_rule_add is variadic, which Swift cannot call;
// seccomp_rule_add_array is its array form.
#include <errno.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <fcntl.h>

/// The action for a system call outside the list: the whole process is killed (SIGSYS).
static inline uint32_t crial_seccomp_kill_process(void) { return SCMP_ACT_KILL_PROCESS; }
static inline uint32_t crial_seccomp_allow(void) { return SCMP_ACT_ALLOW; }
/// PROT_EXEC and AT_EMPTY_PATH, for rules on mmap/mprotect's protection and fstatat's flags.
static inline unsigned long crial_prot_exec(void) { return PROT_EXEC; }
static inline unsigned long crial_at_empty_path(void) { return 0x1000; }
#endif
