import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// Shows a batch's progress on standard error: a bar redrawn in place on a
/// terminal, plain lines every 10% otherwise (logs, CI), nothing when quiet.
final class ProgressReporter: @unchecked Sendable {
    // Safe to share: the batch calls `update` one call at a time, and the
    // reporter's own fields are touched only there and in `finish` after the batch.
    private let isTerminal: Bool
    private let quiet: Bool
    private var lastDecile = 0
    private var lastDraw = ContinuousClock.now
    private var drewBar = false

    init(quiet: Bool) {
        self.quiet = quiet
        isTerminal = isatty(STDERR_FILENO) == 1
    }

    /// The handler to give the batch runner.
    var handler: BatchProgress? {
        quiet ? nil : { @Sendable [self] done, total in self.update(done: done, total: total) }
    }

    private func update(done: Int, total: Int) {
        if isTerminal {
            let now = ContinuousClock.now
            guard done == total || now - lastDraw > .milliseconds(100) else { return }
            lastDraw = now
            let fraction = total > 0 ? Double(done) / Double(total) : 1
            let filled = Int(fraction * 30)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            write("\r[\(bar)] \(Int(fraction * 100))% \(done)/\(total) matches")
            drewBar = true
        } else {
            let decile = total > 0 ? done * 10 / total : 10
            guard decile > lastDecile else { return }
            lastDecile = decile
            write("progress: \(decile * 10)% (\(done)/\(total) matches)\n")
        }
    }

    /// Clears the bar so the summary starts on a clean line.
    func finish() {
        if drewBar { write("\r" + String(repeating: " ", count: 64) + "\r") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
