#ifndef CRIAL_PROCESS_SHIM_H
#define CRIAL_PROCESS_SHIM_H
// The C library calls the media probe's isolation needs that Swift's Glibc module does not
// import: pipe2 and posix_spawn_file_actions_addclosefrom_np (declared only under _GNU_SOURCE),
// and prctl and syscall, which are variadic.
// One-line wrappers, no logic; only RialMedia imports this module.
// _GNU_SOURCE is NOT defined here: it would change how glibc's headers declare shared types
// (fd_set's members), and Clang refuses two modules that see one type two ways (Dispatch imports
// the same headers). The two GNU functions needed are declared by their glibc prototypes below.
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
extern int pipe2(int pipefd[2], int flags);
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34)
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
#endif
#if defined(__linux__)
#include <linux/capability.h>
#include <linux/securebits.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/uio.h>
#endif

/// fork(2), which Swift's Glibc module marks unavailable: the probe's fork server, a process
/// of one thread, forks a confined child per media file.
static inline pid_t crial_fork(void) { return fork(); }

/// pipe2(2): both ends created close-on-exec at once, so no other thread's child inherits them.
static inline int crial_pipe2_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

/// The spawned child closes every descriptor from `lowest` up before it runs (glibc 2.34 and
/// later; elsewhere -1, and the probe closes inherited descriptors itself).
static inline int crial_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
#else
    (void)actions; (void)lowest;
    return -1;
#endif
}

/// No privilege gained through exec (setuid bits, file capabilities) from here on.
static inline int crial_set_no_new_privs(void) {
#if defined(__linux__)
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
#else
    return -1;
#endif
}

/// Not dumpable: no core file, no ptrace attach by other processes of the same user.
static inline int crial_set_not_dumpable(void) {
#if defined(__linux__)
    return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
#else
    return -1;
#endif
}

/// For a process running as root: root no longer implies capabilities, locked (needs
/// CAP_SETPCAP; fails with EPERM otherwise, which is fine: a non-root process has none).
static inline int crial_lock_root_capabilities(void) {
#if defined(__linux__)
    return prctl(PR_SET_SECUREBITS, SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | SECBIT_NO_SETUID_FIXUP
                 | SECBIT_NO_SETUID_FIXUP_LOCKED | SECBIT_KEEP_CAPS_LOCKED, 0, 0, 0);
#else
    return -1;
#endif
}

/// Clears the effective, permitted and inheritable capability sets (capset(2)).
static inline int crial_drop_capabilities(void) {
#if defined(__linux__)
    struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    memset(data, 0, sizeof data);
    return (int)syscall(SYS_capset, &header, data);
#else
    return -1;
#endif
}

/// unshare(2) into new namespaces: a user namespace (`user`), a network namespace with no
/// interface but loopback, down (`network`), a mount namespace (`mount`); 0, or -1 and errno.
/// The flag values are Linux's (<linux/sched.h>), spelled here because <sched.h> declares them
/// only under _GNU_SOURCE.
static inline int crial_unshare(int user, int network, int mount) {
#if defined(__linux__)
    long flags = (user ? 0x10000000L : 0) | (network ? 0x40000000L : 0) | (mount ? 0x00020000L : 0);
    return (int)syscall(SYS_unshare, flags);
#else
    (void)user; (void)network; (void)mount;
    errno = ENOSYS;
    return -1;
#endif
}

/// pidfd_open(2) (Linux 5.3): a descriptor that polls readable when the process `pid` exits,
/// so a child is waited for without a sleeping loop; -1 and errno ENOSYS where the kernel or
/// headers lack it.
static inline int crial_pidfd_open(pid_t pid) {
#if defined(__linux__) && defined(SYS_pidfd_open)
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}
/// close_range(2) (Linux 5.9): closes every descriptor from `first` to `last` in one call, where
/// listing /proc/self/fd took a directory read per probe; -1 and errno ENOSYS where the kernel or
/// headers lack it (the caller then lists them).
static inline int crial_close_range(unsigned int first, unsigned int last) {
#if defined(__linux__) && defined(SYS_close_range)
    return (int)syscall(SYS_close_range, first, last, 0);
#else
    (void)first; (void)last;
    errno = ENOSYS;
    return -1;
#endif
}

/// send(2) of `length` bytes with the descriptor `descriptor` attached (SCM_RIGHTS, whose
/// CMSG_* macros Swift cannot call): the verifier hands the media probe's fork server the input
/// it has open, so that no probe opens a path. MSG_NOSIGNAL, as for every write on that socket.
static inline ssize_t crial_send_with_descriptor(int socket, const void *bytes, size_t length, int descriptor) {
#if defined(__linux__)
    struct iovec vector = { (void *)bytes, length };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int))]; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { 0 };
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    struct cmsghdr *header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(header), &descriptor, sizeof(int));
    return sendmsg(socket, &message, MSG_NOSIGNAL);
#else
    (void)socket; (void)bytes; (void)length; (void)descriptor;
    errno = ENOSYS;
    return -1;
#endif
}

/// recv(2) that also takes descriptors sent with the bytes (close-on-exec): the first is
/// stored in `*descriptor` when it is -1, every other one is closed, so a peer cannot make the
/// receiver hold descriptors it did not ask for.
static inline ssize_t crial_receive_with_descriptor(int socket, void *bytes, size_t length, int *descriptor) {
#if defined(__linux__)
    struct iovec vector = { bytes, length };
    union { struct cmsghdr header; char space[CMSG_SPACE(sizeof(int) * 4)]; } control;
    struct msghdr message = { 0 };
    message.msg_iov = &vector;
    message.msg_iovlen = 1;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    ssize_t count = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    if (count < 0) return count;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        size_t received = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t index = 0; index < received; index++) {
            int one;
            memcpy(&one, CMSG_DATA(header) + index * sizeof(int), sizeof(int));
            if (*descriptor == -1) *descriptor = one; else close(one);
        }
    }
    return count;
#else
    (void)descriptor;
    return recv(socket, bytes, length, 0);
#endif
}
#endif
