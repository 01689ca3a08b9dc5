import DuoClient
import Foundation
import TabletopEngine

/// A seat's ticket kept on disk with its server's address, so the match
/// can be taken back after the program (or the machine) restarts:
/// `duo --resume FILE`. The token in it plays the seat: the file is
/// readable by its owner only.
///
///     {"server":"127.0.0.1:7447","code":"K7QF2M","seat":1,"token":"0e89abf7c53c1ac8385b9c323469d9f1"}
public struct SeatTicketFile: Codable, Hashable, Sendable {
    /// The server as the person named it (`HOST:PORT`).
    public var server: String
    /// The match's code.
    public var code: String
    /// The seat's index (0 or 1).
    public var seat: Int
    /// The seat's secret token.
    public var token: String

    /// The ticket of `ticket`'s seat on `server`.
    public init(server: String, ticket: SeatTicket) {
        self.server = server
        code = ticket.code
        seat = ticket.seat.index
        token = ticket.token
    }

    /// The seat ticket inside.
    public var ticket: SeatTicket? {
        Seat(index: seat).map { SeatTicket(code: code, seat: $0, token: token) }
    }

    /// Reads a ticket file.
    /// - Throws: ``DesktopError`` naming the file and what is wrong with it.
    public static func load(from url: URL) throws(DesktopError) -> (file: SeatTicketFile, ticket: SeatTicket) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DesktopError(
                cause: "cannot read the seat ticket \(url.path) (\(error.localizedDescription))",
                fix: "name the file duo saved when it took the seat (its path is in the news)")
        }
        let file: SeatTicketFile
        do { file = try JSONDecoder().decode(SeatTicketFile.self, from: data) } catch {
            throw DesktopError(
                cause: "\(url.path) is not a seat ticket (\(error))",
                fix: "a ticket holds server, code, seat and token (see docs/DESKTOP.md)")
        }
        guard let ticket = file.ticket else {
            throw DesktopError(cause: "\(url.path): seat \(file.seat) is not a seat (0 or 1)", fix: "use the file as duo saved it")
        }
        return (file, ticket)
    }

    /// Writes the file (owner-only), creating its folder; replaces an older one.
    /// - Throws: the file system's error.
    public func save(to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(self) + Data("\n".utf8)
        // Written beside and renamed over, so a crash never leaves half a ticket.
        let partial = folder.appendingPathComponent(".\(url.lastPathComponent).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: partial, to: url)
    }

    /// Where tickets are kept when no file is named: `$XDG_STATE_HOME/PROGRAM/tickets`,
    /// else `~/.local/state/PROGRAM/tickets` (a relative `XDG_STATE_HOME` is
    /// ignored, as the XDG rules say). A game package's window passes its own
    /// name (`noughts`), so its tickets are never in the engine's `duo` folder.
    /// - Parameters:
    ///   - environment: the variables to read (`XDG_STATE_HOME`, `HOME`).
    ///   - program: the window program's name (`duo`, `noughts`).
    public static func defaultFolder(
        environment: [String: String] = ProcessInfo.processInfo.environment, program: String = "duo"
    ) -> URL {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/state")
        return state.appendingPathComponent(program).appendingPathComponent("tickets")
    }

    /// The file name a ticket gets in a folder: `CODE-seatN.json` (a code's
    /// characters other than letters, digits and `-` become `_`).
    public static func fileName(for ticket: SeatTicket) -> String {
        let code = String(ticket.code.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
        return "\(code)-seat\(ticket.seat.index).json"
    }
}
