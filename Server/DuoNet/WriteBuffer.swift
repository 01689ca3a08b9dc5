/// Bytes waiting to go out on one connection, with a hard cap.
///
/// The cap is what keeps a slow or stalled reader from growing the server's
/// memory without bound: when an append would pass it, the append is
/// refused and the owner drops the connection instead of waiting for it.
struct WriteBuffer {
    /// The most bytes that may wait at once.
    let capacity: Int
    private var storage: [UInt8] = []
    private var head = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Bytes not yet written.
    var count: Int { storage.count - head }

    /// Whether nothing waits.
    var isEmpty: Bool { head == storage.count }

    /// Queues `bytes` and a newline; false (and nothing queued) when the cap would be passed.
    mutating func appendLine(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard count + bytes.count + 1 <= capacity else { return false }
        compactIfWorthIt()
        storage.append(contentsOf: bytes)
        storage.append(0x0A)
        return true
    }

    /// Lends the waiting bytes to `body`, which returns how many it wrote.
    mutating func drain(_ body: (UnsafeRawBufferPointer) -> Int) {
        let written = storage.withUnsafeBytes { all in
            body(UnsafeRawBufferPointer(rebasing: all[head...]))
        }
        head += written
        if head == storage.count {
            // Keep a modest buffer for the next lines; let a big one go.
            if storage.capacity > 64 * 1024 {
                storage = []
            } else {
                storage.removeAll(keepingCapacity: true)
            }
            head = 0
        }
    }

    /// Moves the unwritten bytes to the front once the written prefix is large.
    private mutating func compactIfWorthIt() {
        if head > 0 && head >= storage.count / 2 {
            storage.removeSubrange(0..<head)
            head = 0
        }
    }
}
