import DuoNet
import DuoTestSupport
import Foundation
import Testing

@Suite struct JournalFileTests {
    private func temporaryDirectory() throws -> URL {
        try ScratchFolder.make("duo-journal")
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func appendedLinesReadBackInOrder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.jsonl")
        let file = try JournalFile.create(url)
        try file.appendDurably(bytes(#"{"n":1}"#))
        try file.append(bytes(#"{"n":2}"#))
        try file.sync()
        let contents = try JournalFile.read(url)
        #expect(contents.lines == [bytes(#"{"n":1}"#), bytes(#"{"n":2}"#)])
        #expect(contents.tornTail == nil)
    }

    /// Appends only queue: the lines reach the file on the next write (a
    /// pool thread's, before its sync), all of them at once and in order.
    @Test func appendedLinesWaitForTheWriteAndGoOutInOrder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.jsonl")
        let file = try JournalFile.create(url)
        try file.append(bytes(#"{"n":1}"#))
        try file.append(bytes(#"{"n":2}"#))
        #expect(try JournalFile.read(url).lines.isEmpty, "nothing written yet")
        #expect(file.byteCount == 16, "the queued lines count")
        try file.writePending()
        #expect(try JournalFile.read(url).lines == [bytes(#"{"n":1}"#), bytes(#"{"n":2}"#)])
        try file.writePending()
        #expect(try JournalFile.read(url).validByteCount == 16, "a second write has nothing to add")
        try file.close()
    }

    /// A spare made ahead becomes a new, empty journal by a rename that,
    /// like creating, never replaces a journal already there.
    @Test func aClaimedSpareIsANewEmptyJournalAndNeverReplacesOne() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.jsonl")
        let spares = (0..<2).map { directory.appendingPathComponent("spare-\($0)") }
        for spare in spares { try JournalFile.createSpare(spare) }
        #expect(throws: JournalError.self) { try JournalFile.createSpare(spares[0]) }

        let file = try JournalFile.claim(spare: spares[0], as: url)
        #expect(!FileManager.default.fileExists(atPath: spares[0].path))
        #expect(file.byteCount == 0 && file.isOpen)
        try file.appendDurably(bytes(#"{"n":1}"#))

        #expect(throws: JournalError.self) { try JournalFile.claim(spare: spares[1], as: url) }
        #expect(try JournalFile.read(url).lines == [bytes(#"{"n":1}"#)], "the journal there is untouched")
        #expect(FileManager.default.fileExists(atPath: spares[1].path), "the refused spare is still a spare")
        try file.close()
    }

    @Test func creatingAnExistingJournalFails() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.jsonl")
        _ = try JournalFile.create(url)
        #expect(throws: JournalError.self) { try JournalFile.create(url) }
    }

    @Test func tornLastLineIsDroppedLoggedAndCutOff() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.jsonl")
        try Data("{\"n\":1}\n{\"n\":2}\n{\"n\":".utf8).write(to: url)
        let logged = EventRecorder()
        let (file, contents) = try JournalFile.openForAppending(url, log: ServerLog { logged.record($0) })
        #expect(contents.lines.count == 2)
        #expect(contents.tornTail == TornTail(line: 3, offset: 16, byteCount: 5, reason: "no newline at the end"))
        #expect(logged.all.count == 1 && logged.all[0].contains("torn") && logged.all[0].contains("line 3"))
        #expect(!file.isOpen, "a recovered journal holds no descriptor until it is written")
        // The next append starts on a clean line.
        try file.appendDurably(bytes(#"{"n":3}"#))
        #expect(try JournalFile.read(url).lines == [bytes(#"{"n":1}"#), bytes(#"{"n":2}"#), bytes(#"{"n":3}"#)])
    }

    @Test func completeBadLastLineIsDamageNamedByLineNotATornTail() {
        #expect(throws: JournalError.corruptLine(number: 2, reason: "the last line is complete but not valid JSON")) {
            try JournalContents(parsing: self.bytes("{\"a\":1}\n{\"a\"\n"))
        }
    }

    @Test func tornTailIsNamedByLine() throws {
        let contents = try JournalContents(parsing: bytes("{\"a\":1}\n{\"a\":2}\n{\"a"))
        #expect(contents.lines.count == 2)
        #expect(contents.tornTail == TornTail(line: 3, offset: 16, byteCount: 3, reason: "no newline at the end"))
        #expect(contents.validByteCount == 16)
    }

    @Test func closedJournalReopensOnTheNextAppendAndClosesOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("m.jsonl")
        let file = try JournalFile.create(url)
        try file.append(bytes(#"{"n":1}"#))
        #expect(file.isOpen)
        // Closing syncs what was not synced yet, and gives the descriptor back.
        try file.close()
        #expect(!file.isOpen)
        try file.close()
        #expect(try JournalFile.read(url).lines == [bytes(#"{"n":1}"#)])
        try file.append(bytes(#"{"n":2}"#))
        #expect(file.isOpen)
        try file.sync()
        try file.close()
        #expect(try JournalFile.read(url).lines == [bytes(#"{"n":1}"#), bytes(#"{"n":2}"#)])
        // A journal removed behind the writer's back is an error, not a new file.
        try FileManager.default.removeItem(at: url)
        #expect(throws: JournalError.self) { try file.append(self.bytes(#"{"n":3}"#)) }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func damagedLineBeforeTheLastIsAnErrorNamingIt() {
        #expect(throws: JournalError.corruptLine(number: 2, reason: "not valid JSON")) {
            try JournalContents(parsing: self.bytes("{\"a\":1}\n{oops\n{\"a\":3}\n"))
        }
    }

    @Test func missingJournalIsAnIOError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: JournalError.self) { try JournalFile.read(directory.appendingPathComponent("absent.jsonl")) }
    }

    @Test(arguments: JournalSyncMode.allCases)
    func syncPoolCompletesEveryRequest(mode: JournalSyncMode) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = JournalSyncPool(threadCount: 2, mode: mode)
        let files = try (0..<5).map { try JournalFile.create(directory.appendingPathComponent("\($0).jsonl")) }
        let recorder = EventRecorder()
        for round in 0..<4 {
            for (index, file) in files.enumerated() {
                try file.append(bytes("{\"round\":\(round)}"))
                pool.sync(file) { error in recorder.record(error == nil ? "ok \(index)" : "failed") }
            }
        }
        #expect(recorder.waitUntil { $0.count == 20 })
        #expect(recorder.all.allSatisfy { $0.hasPrefix("ok") })
        pool.shutDown()
        for index in files.indices {
            #expect(try JournalFile.read(directory.appendingPathComponent("\(index).jsonl")).lines.count == 4)
        }
        // After shutdown a request is synced on the caller's thread.
        try files[0].append(bytes("{\"round\":4}"))
        let late = EventRecorder()
        pool.sync(files[0]) { error in late.record(error == nil ? "ok" : "failed") }
        #expect(late.all == ["ok"])
    }
}
