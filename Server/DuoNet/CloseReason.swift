/// Why a connection ended, as told to its handler.
public enum CloseReason: Equatable, Sendable, CustomStringConvertible {
    /// The peer closed the stream.
    case peerClosed
    /// This side asked for the close.
    case closedLocally
    /// The peer did not read fast enough and its write buffer passed the cap.
    case slowReader
    /// An outgoing connect failed with this `errno`.
    case connectFailed(Int32)
    /// A read or write failed with this `errno` (a reset, for instance).
    case failed(Int32)
    /// The loop itself was shut down.
    case loopStopped

    /// The reason as a short phrase, for logs.
    public var description: String {
        switch self {
        case .peerClosed: "closed by peer"
        case .closedLocally: "closed"
        case .slowReader: "dropped: write buffer full (slow reader)"
        case .connectFailed(let code): "connect failed: \(SocketError("connect", code: code))"
        case .failed(let code): "\(SocketError("i/o", code: code))"
        case .loopStopped: "server stopped"
        }
    }
}
