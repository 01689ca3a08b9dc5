import DuoNet
import Foundation

/// The journal syncs that came back from the pool and wait for the loop.
///
/// A group commit answers every journal of its batch at once (dozens of
/// matches flat out). Each answer is put here, and only the first one into
/// an empty inbox posts a task to the loop, which takes them all: the loop
/// runs one task, and is woken once, per batch rather than per match.
final class SyncCompletionInbox: @unchecked Sendable {
    // Safe: `arrived` and `spare` are only touched while holding `lock`;
    // `server` is read only in the task posted to `loop`, on the loop
    // (checked there in every build).

    /// A sync that came back: the match, the line count it covered, its error.
    struct Completion {
        let code: String
        let upTo: Int
        let error: JournalError?
    }

    private let lock = NSLock()
    private var arrived: [Completion] = []
    /// The list handed out last time, given back empty (its room kept).
    private var spare: [Completion] = []
    /// Weak: the server owns its inbox.
    private weak var server: MatchServer?
    private let loop: any EventLoop

    /// An inbox for `server`, whose completions are handed to it on its loop.
    init(server: MatchServer) {
        self.server = server
        loop = server.loop
    }

    /// Called on a pool thread when a sync of match `code` up to line `upTo` is done.
    func add(code: String, upTo: Int, error: JournalError?) {
        lock.lock()
        let first = arrived.isEmpty
        arrived.append(Completion(code: code, upTo: upTo, error: error))
        lock.unlock()
        guard first else { return }
        loop.execute { [self] in deliver() }
    }

    /// On the loop: hands every completion that has arrived to the server, in order.
    private func deliver() {
        loop.preconditionInEventLoop()
        lock.lock()
        var completions = arrived
        arrived = spare
        spare = []
        lock.unlock()
        server?.synced(completions)
        completions.removeAll(keepingCapacity: true)
        lock.lock()
        spare = completions
        lock.unlock()
    }
}
