import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite("Networked play: seat tickets on disk")
struct SeatTicketFileTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("duo-ticket-\(UUID().uuidString)")
    }

    @Test("A ticket written and read back is the same seat on the same server")
    func roundTrip() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ticket = SeatTicket(code: "EU1-K7QF2M", seat: .second, token: "0e89abf7c53c1ac8385b9c323469d9f1")
        let url = folder.appendingPathComponent(SeatTicketFile.fileName(for: ticket))
        #expect(url.lastPathComponent == "EU1-K7QF2M-seat1.json")
        try SeatTicketFile(server: "play.example.org:7447", ticket: ticket).save(to: url)
        let (file, loaded) = try SeatTicketFile.load(from: url)
        #expect(file.server == "play.example.org:7447")
        #expect(loaded == ticket)
        // Saving again replaces the file and leaves nothing half-written beside it.
        try SeatTicketFile(server: "other:1", ticket: ticket).save(to: url)
        #expect(try SeatTicketFile.load(from: url).file.server == "other:1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [url.lastPathComponent])
    }

    @Test("A code with characters a file name should not hold still makes a plain file name")
    func oddCodesMakePlainNames() {
        let ticket = SeatTicket(code: "../x/Y", seat: .first, token: "t")
        #expect(SeatTicketFile.fileName(for: ticket) == "___x_Y-seat0.json")
    }

    @Test("A missing, foreign or damaged file is a clear error naming the file")
    func badFilesAreClearErrors() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let missing = folder.appendingPathComponent("none.json")
        #expect(throws: DesktopError.self) { try SeatTicketFile.load(from: missing) }
        let foreign = folder.appendingPathComponent("foreign.json")
        try Data(#"{"code":"K7QF2M"}"#.utf8).write(to: foreign)
        do {
            _ = try SeatTicketFile.load(from: foreign)
            Issue.record("a ticket without a token was read")
        } catch {
            #expect(error.cause.contains("foreign.json") && error.cause.contains("not a seat ticket"))
        }
        let badSeat = folder.appendingPathComponent("seat.json")
        try Data(#"{"server":"a:1","code":"K7QF2M","seat":2,"token":"t"}"#.utf8).write(to: badSeat)
        #expect(throws: DesktopError.self) { try SeatTicketFile.load(from: badSeat) }
    }

    @Test("Tickets go under XDG_STATE_HOME, else under ~/.local/state, in the program's own folder")
    func defaultFolder() {
        #expect(SeatTicketFile.defaultFolder(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]).path == "/s/duo/tickets")
        #expect(SeatTicketFile.defaultFolder(environment: ["HOME": "/h"]).path == "/h/.local/state/duo/tickets")
        #expect(SeatTicketFile.defaultFolder(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]).path == "/h/.local/state/duo/tickets")
        #expect(SeatTicketFile.defaultFolder(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]).path == "/h/.local/state/duo/tickets")
        // A game package's window: its own name, never the engine's duo folder.
        #expect(SeatTicketFile.defaultFolder(environment: ["XDG_STATE_HOME": "/s"], program: "noughts").path == "/s/noughts/tickets")
        #expect(SeatTicketFile.defaultFolder(environment: ["HOME": "/h"], program: "noughts").path == "/h/.local/state/noughts/tickets")
    }
}
