// epoll(7), eventfd(2), signalfd(2) and syncfs(2), which the Swift Glibc
// module does not export. Header only: the functions are in the C library itself.
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
