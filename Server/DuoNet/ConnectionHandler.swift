/// Receives what happens on the connections of one listener (or on one
/// outgoing connection) of an ``EventLoop``.
///
/// Every method is called on the loop's thread, one at a time, so a handler
/// needs no locks for state that only the loop touches. A handler may call
/// back into the loop (``EventLoop/send(_:to:)``, ``EventLoop/close(_:flush:)``)
/// from inside any of these methods.
public protocol ConnectionHandler: AnyObject {
    /// A connection is open (accepted, or an outgoing connect completed).
    func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?)

    /// A whole line arrived, without its newline.
    func connection(_ connection: ConnectionID, received line: [UInt8])

    /// The stream broke a framing rule (an over-long line); the connection
    /// stays open and framing resumes after the offending line.
    func connection(_ connection: ConnectionID, framingFailed error: FramingError)

    /// The connection is gone; called exactly once per connection, after
    /// which its identifier means nothing.
    func connectionClosed(_ connection: ConnectionID, reason: CloseReason)

    /// A new connection is being turned away for `reason`; the returned
    /// line, if any, is sent to it before it is closed.
    func refusalLine(for reason: RefusalReason, peer: SocketAddress?) -> [UInt8]?
}

extension ConnectionHandler {
    /// By default a refused connection is closed without a word.
    public func refusalLine(for reason: RefusalReason, peer: SocketAddress?) -> [UInt8]? { nil }
}

/// Why a listener turned a new connection away at once.
public enum RefusalReason: Equatable, Sendable {
    /// The peer's address already holds ``ConnectionLimits/maxConnectionsPerAddress`` connections.
    case tooManyFromAddress
    /// The loop already holds ``ConnectionLimits/maxConnections`` connections.
    case tooManyConnections
}
