#if canImport(Glibc)
import Glibc
#endif

/// `SIGTERM` and `SIGINT`, received so that none can be missed: a server
/// drains on them (stops accepting, finishes its journals, closes) instead
/// of dying mid-write.
///
/// ``block(_:)`` must run first thing in the process, before any thread
/// starts (threads inherit the mask): from then on the signals never
/// interrupt anyone and stay pending until an ``EpollEventLoop`` reads them from
/// a signalfd (``EpollEventLoop/watchSignals(_:handler:)``). A signal sent during
/// start-up (while journals are recovered, before the loop runs) is read on
/// the loop's first round; a signal handler installed late, or a dispatch
/// source that starts after some threads, would lose it.
public enum TerminationSignals {
    /// The signals a server drains on.
    public static let draining: [Int32] = [SIGTERM, SIGINT]

    /// Blocks `signals` in the calling thread and every thread it starts.
    public static func block(_ signals: [Int32] = draining) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
    }

    /// Makes writes to a closed socket fail with `EPIPE` instead of killing
    /// the process (sockets here use `MSG_NOSIGNAL` already; this covers the rest).
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
