// The first code `duo-server serve` runs, before the Swift runtime starts:
// it blocks SIGTERM and SIGINT, so that one sent at any moment of start-up
// stays pending until the server's event loop reads it from a signalfd and
// drains, instead of killing the process by the default action. (Started
// through `duo-server-launch`, they were blocked before this program's exec.)
#ifndef DUO_SERVER_START_H
#define DUO_SERVER_START_H

/// 1 when the termination signals were blocked before the program's own
/// code ran (its first argument is `serve`), else 0.
int duo_termination_signals_blocked_at_start(void);

/// 1 when `duo-server-launch` had blocked them before it ran this program
/// (the times below are then the launcher's), else 0.
int duo_termination_signals_blocked_by_launcher(void);

/// Nanoseconds on CLOCK_MONOTONIC when they were blocked (0 when they were not).
long long duo_termination_signals_blocked_at_nanoseconds(void);

/// The process's CPU time, in nanoseconds, when they were blocked (0 when
/// they were not): what start-up cost before the program's first code.
long long duo_termination_signals_blocked_after_cpu_nanoseconds(void);

#endif
