/// The connections of a loop that were sent something this round and must
/// be written before the loop waits for events again: the one rule of
/// writing that ``EpollEventLoop`` and ``EmbeddedEventLoop`` share, so the
/// simulation that drives the embedded loop proves the socket loop's too.
///
/// A connection is marked when a send finds its output empty (a connection
/// with output already waiting is marked, or waits for its socket to take
/// more). A class, so that a write may mark further connections while the
/// list is being written (a failed write closes its connection, and the
/// close handler may send to another).
final class PendingWrites<Connection: AnyObject> {
    private var marked: [Connection] = []

    /// Whether no connection waits to be written.
    var isEmpty: Bool { marked.isEmpty }

    /// How many marks wait (a connection may be marked more than once).
    var count: Int { marked.count }

    /// Marks `connection` for the end of the round.
    func mark(_ connection: Connection) {
        marked.append(connection)
    }

    /// Writes every marked connection, in the order marked, then the
    /// connections marked while writing, until none is left: a send made
    /// by a close handler during the flush must not wait for the loop's
    /// next wake-up, which can be as late as its next timer.
    func flush(_ write: (Connection) -> Void) {
        while !marked.isEmpty {
            let batch = marked
            marked.removeAll(keepingCapacity: true)
            for connection in batch { write(connection) }
            // The defect this rule fixed, planted by a simulation: one batch a round.
            if writesOneBatchOnly { return }
        }
    }

    /// Whether ``flush(_:)`` writes only what was marked before it began, as
    /// the socket loop once did (a simulation plants it to show its seeds
    /// find the stall that made); false in every real loop.
    var writesOneBatchOnly = false

    /// Forgets every mark (the loop is stopping).
    func removeAll() {
        marked.removeAll()
    }
}
