#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Turns `SIGTERM` and `SIGINT` into an ordinary callback, so a server can
/// drain (stop accepting, finish its journals, close) instead of dying
/// mid-write. Keep the value alive as long as the callback is wanted.
public final class TerminationSignals: @unchecked Sendable {
    // Safe: `sources` is set once in init and only cancelled in deinit.
    private let sources: [any DispatchSourceSignal]

    /// Calls `handler` with the signal number each time one of `signals` arrives.
    public init(_ signals: [Int32] = [SIGTERM, SIGINT], handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "termination-signals")
        sources = signals.map { number in
            // The default action (die at once) must be off for the source to see it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Makes writes to a closed socket fail with `EPIPE` instead of killing
    /// the process (sockets here use `MSG_NOSIGNAL` already; this covers the rest).
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}
