// epoll(7), eventfd(2) and signalfd(2), which the Swift Glibc module does
// not export. Header only: the functions are in the C library itself.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <signal.h>
