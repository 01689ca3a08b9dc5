// epoll(7), eventfd(2), signalfd(2), syncfs(2), renameat2(2) and poll(2)'s
// POLLRDHUP, which the Swift Glibc module does not export. Header only: the functions are in the C library itself.
#include <fcntl.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <signal.h>
#include <unistd.h>

// syncfs(2) is declared only under _GNU_SOURCE; the system call is always there.
static inline int duo_syncfs(int descriptor) {
    return (int)syscall(SYS_syncfs, descriptor);
}

// renameat2(2) with RENAME_NOREPLACE (declared only under _GNU_SOURCE):
// fails with EEXIST instead of replacing a file already at `to`.
static inline int duo_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
}

// POLLRDHUP (declared only under _GNU_SOURCE): the peer shut down its
// writing half, whether or not what it wrote before has been read.
static const short duo_poll_peer_closed = 0x2000;
