import DuoArguments
import DuoClient
import DuoDesktop
import DuoNet
import DuoPlatform
import Foundation

/// The window's networked-play flags: which server (`--connect`), and what
/// to ask it for (`--create`, `--join`, `--resume`, `--spectate`), where the
/// seat's ticket is kept (`--ticket`), and whether the window plays the
/// seat by itself (`--autoplay`).
struct NetworkFlags {
    static let connect: Option<String?> = .text(
        "connect", "HOST:PORT", help: "play on a \(DuoCommand.serverTool) (\(DuoCommand.serverTool) serve listens on 127.0.0.1:7447)")
    static let create: Option<Bool> = .flag(
        "create",
        help: """
            with --connect: create a match (--bot NAME: the server's bot plays
            the other seat; without it the window shows the code to join)
            """)
    static let join: Option<String?> = .text("join", "CODE", help: "with --connect: take the free seat of match CODE")
    static let spectate: Option<String?> = .text("spectate", "CODE", help: "with --connect: watch match CODE")
    static let resume: Option<String?> = .text(
        "resume", "FILE",
        help: """
            take a seat back with its saved ticket (the server is in the file;
            --connect overrides it)
            """)
    static let ticket: Option<String?> = .text(
        "ticket", "FILE",
        help: """
            keep the seat's ticket in FILE (default: one file per seat in
            $XDG_STATE_HOME/\(DuoCommand.tool)/tickets, ~/.local/state/\(DuoCommand.tool)/tickets without it)
            """)
    static let autoplay: Option<Bool> = .flag(
        "autoplay",
        help: """
            with --create, --join or --resume: play the seat's moves with nobody
            at the keyboard (the server's hint for each; the end is reported on
            standard error)
            """)

    /// The declarations, in the order help lists them.
    static let specs = [connect.spec, create.spec, join.spec, spectate.spec, resume.spec, ticket.spec, autoplay.spec]

    /// The server as the person named it.
    let server: String
    /// Its resolved address.
    let address: SocketAddress
    /// What to ask for.
    let request: MatchRequest
    /// Where the ticket is kept.
    let tickets: SeatTicketPlace
    /// The variant to show before the server's arrives (and to create).
    private(set) var variant: String
    /// The game played: `--game`, or the default.
    private(set) var entry: DesktopGameRegistration
    /// Whether the window plays the seat by itself.
    let autoplays: Bool

    /// Reads the flags; nil when none of them asks for networked play.
    /// - Throws: ``ArgumentError`` for a bad combination or value (exit 2),
    ///   ``DesktopError`` for an unreadable ticket or a host that does not resolve (exit 1).
    init?(_ parsed: ParsedOptions, games: DesktopGames) throws {
        let asks = [Self.join, Self.resume, Self.spectate].filter { parsed.isGiven($0) }.map(\.name) + (parsed[Self.create] ? ["create"] : [])
        autoplays = parsed[Self.autoplay]
        guard parsed.isGiven(Self.connect) || !asks.isEmpty || parsed.isGiven(Self.ticket) else {
            if autoplays { throw ArgumentError("--autoplay needs --connect HOST:PORT (or --resume FILE): it plays a seat on a server") }
            return nil
        }
        guard asks.count == 1 else {
            throw ArgumentError(
                asks.isEmpty
                    ? "--connect needs one of --create, --join CODE, --resume FILE, --spectate CODE"
                    : "choose one of " + asks.map { "--\($0)" }.joined(separator: ", "))
        }
        entry = try games.entry(parsed[GameFlags.game])
        guard entry.makeNetworkGame != nil else {
            let networked = games.networked.map(\.name)
            throw ArgumentError(
                "--game \(entry.name) is not played over the network by this window"
                    + (networked.isEmpty ? "" : " (networked play: \(networked.joined(separator: ", ")))"))
        }
        if parsed[GameFlags.passAndPlay] { throw ArgumentError("--pass-and-play is for one device; a networked match has a player on each") }
        if parsed.isGiven(GameFlags.bot) && !parsed[Self.create] {
            throw ArgumentError("--bot goes with --create (the server's bot takes the other seat)")
        }
        if parsed.isGiven(GameFlags.variant) && !parsed[Self.create] {
            throw ArgumentError("--variant goes with --create (the match's creator chooses)")
        }
        if autoplays && parsed.isGiven(Self.spectate) { throw ArgumentError("--autoplay plays a seat; --spectate has none") }
        if parsed.isGiven(Self.ticket) && (parsed.isGiven(Self.spectate) || parsed.isGiven(Self.resume)) {
            throw ArgumentError("--ticket goes with --create or --join (--resume keeps the ticket in its own file)")
        }
        var server = parsed[Self.connect]
        variant = parsed[GameFlags.variant] ?? entry.defaultVariant
        if let path = parsed[Self.resume] {
            let url = URL(fileURLWithPath: path)
            let (file, ticket) = try SeatTicketFile.load(from: url)
            server = server ?? file.server
            request = .resume(ticket)
            tickets = .file(url)
        } else {
            guard server != nil else { throw ArgumentError("--\(asks[0]) needs --connect HOST:PORT") }
            if parsed[Self.create] {
                request = .create(variant: variant, bot: parsed[GameFlags.bot])
            } else if let code = parsed[Self.join] {
                request = .join(code: try Self.code(code, flag: "join"))
            } else {
                request = .watch(code: try Self.code(parsed[Self.spectate] ?? "", flag: "spectate"))
            }
            tickets = parsed[Self.ticket].map { .file(URL(fileURLWithPath: $0)) } ?? .folder(SeatTicketFile.defaultFolder(program: DuoCommand.tool))
        }
        guard let server else { throw ArgumentError("--connect needs HOST:PORT") }
        self.server = server
        address = try Self.address(server)
        // Joining, watching or taking back a seat with no --game: open the match's own game's table.
        if !parsed.isGiven(GameFlags.game), let code = request.code,
            let name = MatchGameProbe.game(of: code, at: address), name != entry.name,
            let found = games.entries.first(where: { $0.name == name && $0.makeNetworkGame != nil })
        {
            entry = found
            variant = found.defaultVariant
            FileHandle.standardError.write(
                Data("\(DuoCommand.tool): match \(code) is a game of \(found.title) (--game \(found.name)): opening its table\n".utf8))
        }
    }

    /// A session playing the networked match on `state`.
    func session(state: DeviceState, view: GameFlags.ViewFlags) throws -> DesktopSession {
        let client = MatchClient(address: address, clientName: "duo")
        let seed = view.seed &+ UInt64(UInt32.random(in: 0...UInt32.max))
        guard let make = entry.makeNetworkGame else { throw ArgumentError("--game \(entry.name) is not played over the network") }
        let game = try make(
            DesktopGameRegistration.NetworkSetup(
                transport: client, server: server, request: request, variant: variant,
                tickets: tickets, seed: seed, program: DuoCommand.tool))
        if autoplays {
            guard let autoplaying = game as? any Autoplaying else {
                throw ArgumentError("--autoplay: the networked table of --game \(entry.name) cannot play by itself")
            }
            autoplaying.startAutoplay { line in FileHandle.standardError.write(Data("\(DuoCommand.tool): \(line)\n".utf8)) }
        }
        return DesktopSession(
            state: state, profiles: GameLoader.switchableProfiles(), game: game,
            sensor: view.sensor, sensorSeed: view.seed, freeform: view.isFreeform)
    }

    /// A match code as the protocol allows it: 1 to 128 printable ASCII characters, no spaces.
    static func code(_ text: String, flag: String) throws -> String {
        guard (1...128).contains(text.count), text.allSatisfy({ $0.isASCII && $0.asciiValue! > 32 && $0.asciiValue! < 127 }) else {
            throw ArgumentError("--\(flag) needs a match code (letters and digits, as the creator's window shows it), not '\(text)'")
        }
        return text
    }

    /// `HOST:PORT` resolved once, before the window opens (a name lookup may wait; the window never does).
    static func address(_ text: String) throws -> SocketAddress {
        let host: Substring
        let port: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(after: close)...].drop { $0 == ":" }
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        } else {
            host = ""
            port = ""
        }
        guard !host.isEmpty, let number = UInt16(port), number > 0 else {
            throw ArgumentError("--connect needs HOST:PORT (e.g. 127.0.0.1:7447), not '\(text)'")
        }
        do {
            return try SocketAddress(host: String(host), port: number)
        } catch {
            throw DesktopError(cause: "cannot find the server \(text) (\(error))", fix: "check the host name, or give its IP address")
        }
    }
}
