// duo-server-launch: runs `duo-server` (found beside this program) with the
// same arguments, after blocking SIGTERM and SIGINT for `serve`.
//
// The signal mask survives execve. `duo-server` loads the Swift runtime,
// Foundation and ICU (about 20 shared libraries) before its first code can
// block anything (CServerStart's `.preinit_array` function): several
// milliseconds in which a SIGTERM still kills it by the default action.
// This program is linked statically (`-static-executable` in Package.swift):
// no dynamic loader, no library to map, so its first code runs a fraction of
// a millisecond after exec. Started through it, `serve` has the signals
// blocked from then on, and its event loop takes them from a signalfd and
// drains (docs/EXIT_STATUS.md).
//
// Every other command keeps the default actions, as `duo-server` started
// directly does: a SIGTERM still ends `match` or `load` at once.
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// The program this one runs, in the same folder.
static const char program[] = "duo-server";

// When the signals were blocked ("MONOTONIC,CPU" in nanoseconds), passed
// on in DUO_SERVER_LAUNCH_BLOCKED for `serve --log-level debug`.
static char blocked_when[64];

// In `.preinit_array`: before any initializer, the Swift runtime's that the
// toolchain links into every executable included.
static void block_termination_signals(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 2 || argv == 0 || argv[1] == 0 || strcmp(argv[1], "serve") != 0) return;
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    if (sigprocmask(SIG_BLOCK, &signals, 0) != 0) return;
    struct timespec clock, cpu;
    if (clock_gettime(CLOCK_MONOTONIC, &clock) == 0 && clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) == 0) {
        snprintf(blocked_when, sizeof blocked_when, "%lld,%lld", (long long)clock.tv_sec * 1000000000LL + clock.tv_nsec,
                 (long long)cpu.tv_sec * 1000000000LL + cpu.tv_nsec);
    }
}

__attribute__((section(".preinit_array"), used))
static void (*const preinit_block_termination_signals)(int, char **, char **) = block_termination_signals;

int main(int argc, char **argv) {
    (void)argc;
    // (Set here: the C library's own start-up, after `.preinit_array`, resets the environment.)
    if (blocked_when[0] != 0) setenv("DUO_SERVER_LAUNCH_BLOCKED", blocked_when, 1);
    // Beside this program's own file (links resolved), wherever it was run from.
    char path[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path);
    if (length <= 0 || (size_t)length >= sizeof path) {
        fprintf(stderr, "duo-server-launch: error: cannot read /proc/self/exe: %s\n", length < 0 ? strerror(errno) : "path too long");
        return 127;
    }
    path[length] = 0;
    char *slash = strrchr(path, '/');
    if (slash == 0 || (size_t)(slash + 1 - path) + sizeof program > sizeof path) {
        fprintf(stderr, "duo-server-launch: error: cannot place %s beside %s\n", program, path);
        return 127;
    }
    memcpy(slash + 1, program, sizeof program);
    // The same arguments, and the program's own path first, so it names
    // itself, finds its Assets and its sibling programs as when run directly.
    argv[0] = path;
    execv(path, argv);
    fprintf(stderr, "duo-server-launch: error: cannot run %s: %s (build it: swift build)\n", path, strerror(errno));
    return 127;
}
