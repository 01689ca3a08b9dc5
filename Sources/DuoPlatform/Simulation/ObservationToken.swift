/// Keeps an observation alive until ``cancel()`` is called.
///
/// Cancelling is explicit (dropping the token does not cancel), so an
/// observer never vanishes by accident; cancelling twice is harmless.
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the observation: its handler is never called again.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool { onCancel == nil }
}
