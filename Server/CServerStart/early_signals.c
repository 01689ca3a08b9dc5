// Blocks SIGTERM and SIGINT in the process's first code, for `serve` only.
//
// A function in `.preinit_array` runs before any initializer of the
// program or of its shared libraries (the Swift runtime's included), as
// soon as the dynamic loader has mapped and relocated them: the earliest
// code a dynamically linked program can run. Blocking there (every thread
// started later inherits the mask) turns a SIGTERM sent during start-up
// from death by the default action into a drain once the loop runs.
//
// Started through `duo-server-launch` (which blocks them before it execs
// this program: the mask survives execve), they are blocked already, and
// the launcher's own times come in DUO_SERVER_LAUNCH_BLOCKED.
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "CServerStart.h"

static int blocked_at_start = 0;
static int blocked_by_launcher = 0;
static long long blocked_at_nanoseconds = 0;
static long long blocked_after_cpu_nanoseconds = 0;

// "MONOTONIC,CPU" in nanoseconds, as duo-server-launch writes it.
static int read_launcher_times(char **envp) {
    static const char name[] = "DUO_SERVER_LAUNCH_BLOCKED=";
    for (char **entry = envp; entry != 0 && *entry != 0; entry++) {
        if (strncmp(*entry, name, sizeof name - 1) != 0) continue;
        char *end = 0;
        long long clock = strtoll(*entry + sizeof name - 1, &end, 10);
        if (end == 0 || *end != ',') return 0;
        long long cpu = strtoll(end + 1, &end, 10);
        if (*end != 0 || clock <= 0 || cpu < 0) return 0;
        blocked_at_nanoseconds = clock;
        blocked_after_cpu_nanoseconds = cpu;
        return 1;
    }
    return 0;
}

static void duo_block_termination_signals(int argc, char **argv, char **envp) {
    // Only `serve` drains on them; every other command keeps the default,
    // so a SIGTERM still ends `match` or `load` at once.
    if (argc < 2 || argv == 0 || argv[1] == 0 || strcmp(argv[1], "serve") != 0) return;
    sigset_t signals, before;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    if (sigprocmask(SIG_BLOCK, &signals, &before) != 0) return;
    blocked_at_start = 1;
    if (sigismember(&before, SIGTERM) == 1 && sigismember(&before, SIGINT) == 1 && read_launcher_times(envp)) {
        blocked_by_launcher = 1;
        return;
    }
    struct timespec now;
    if (clock_gettime(CLOCK_MONOTONIC, &now) == 0) {
        blocked_at_nanoseconds = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    }
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) == 0) {
        blocked_after_cpu_nanoseconds = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    }
}

__attribute__((section(".preinit_array"), used))
static void (*const duo_preinit_block_termination_signals)(int, char **, char **) = duo_block_termination_signals;

int duo_termination_signals_blocked_at_start(void) { return blocked_at_start; }

int duo_termination_signals_blocked_by_launcher(void) { return blocked_by_launcher; }

long long duo_termination_signals_blocked_at_nanoseconds(void) { return blocked_at_nanoseconds; }

long long duo_termination_signals_blocked_after_cpu_nanoseconds(void) { return blocked_after_cpu_nanoseconds; }
