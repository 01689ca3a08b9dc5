// epoll(7) and eventfd(2), which the Swift Glibc module does not export.
// Header only: the functions are in the C library itself.
#include <sys/epoll.h>
#include <sys/eventfd.h>
