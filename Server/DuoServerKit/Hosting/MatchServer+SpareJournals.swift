import DuoNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension MatchServer {
    /// How many spare journals the server keeps ready at first; doubled
    /// (up to ``largestSpareJournalTarget``) each time matches come faster
    /// than the pool makes them, so the stock follows the rate of creation.
    static let firstSpareJournalTarget = 64
    static let largestSpareJournalTarget = 4096

    /// The new, empty journal of match `code`: a spare made ahead renamed
    /// into place, or a file created here when no spare is ready.
    /// - Throws: `JournalError` when neither works (the code is taken, say).
    func makeJournal(_ code: String) throws(JournalError) -> JournalFile {
        defer { makeSpareJournalsIfLow() }
        let url = store.journalURL(code)
        guard let spare = spareJournals.popLast() else {
            // Out of spares with none coming: the last stock was too small.
            if !makingSpareJournals { spareJournalTarget = min(spareJournalTarget * 2, Self.largestSpareJournalTarget) }
            return try JournalFile.create(url, observer: fsyncObserver)
        }
        do throws(JournalError) {
            return try JournalFile.claim(spare: spare, as: url, observer: fsyncObserver)
        } catch {
            // A spare removed behind the server's back, say: create instead.
            unlink(spare.path)
            return try JournalFile.create(url, observer: fsyncObserver)
        }
    }

    /// Asks the pool for more spare journals when few are left, so that
    /// creating a match never allocates an inode on the loop.
    func makeSpareJournalsIfLow() {
        guard !makingSpareJournals, !draining, spareJournals.count < spareJournalTarget / 2 else { return }
        makingSpareJournals = true
        let urls = (spareJournals.count..<spareJournalTarget).map { _ in
            spareJournalSerial += 1
            return store.spareDirectory.appendingPathComponent("\(getpid())-\(spareJournalSerial)")
        }
        let server = LoopBound(self, loop: loop)
        let loop = self.loop
        pool.perform {
            let made = urls.filter { url in
                do throws(JournalError) {
                    try JournalFile.createSpare(url)
                    return true
                } catch {
                    return false
                }
            }
            loop.execute { server.value.spareJournalsMade(made) }
        }
    }

    private func spareJournalsMade(_ made: [URL]) {
        makingSpareJournals = false
        if draining {
            for url in made { unlink(url.path) }
            return
        }
        spareJournals += made
    }

    /// Removes every spare journal: those of an earlier run at start, this
    /// run's when it stops (they are empty and belong to no match).
    func removeSpareJournals() {
        for url in store.spareJournals() { unlink(url.path) }
        spareJournals.removeAll()
    }
}
