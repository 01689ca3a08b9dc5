/// A value that belongs to one ``EventLoop``, carried through a `@Sendable`
/// closure (a journal sync's completion, a task posted to the loop) to be
/// used back on that loop (in the spirit of swift-nio's `NIOLoopBound`).
///
/// A loop-confined object, such as a server's protocol state machine, is
/// not `Sendable`, and need not claim to be: only this box crosses threads,
/// and it hands its value out only on its loop, checked in every build.
public struct LoopBound<Value>: @unchecked Sendable {
    // Safe: `stored` is only handed out by `value`, which stops the
    // process unless the caller may make loop-confined calls on `loop`;
    // it was stored on that loop too (checked in `init`).
    private let stored: Value
    /// The loop the value belongs to.
    public let loop: any EventLoop

    /// Boxes `value`, which belongs to `loop`; call it on the loop.
    public init(_ value: Value, loop: any EventLoop) {
        loop.preconditionInEventLoop()
        stored = value
        self.loop = loop
    }

    /// The value; only on its loop.
    public var value: Value {
        loop.preconditionInEventLoop()
        return stored
    }
}
