import DuoArguments
import DuoClient
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

/// The window's replay flags: `--replay FILE` opens any registered game's
/// replay in the window, as seat `--seat N` (default 0) or `--spectator`,
/// at move `--move N` (default 0: before the first move).
struct ReplayFlags {
    static let replay: Option<String?> = .text(
        "replay", "FILE",
        help: """
            watch a replay in the window (any game whose table plays networked):
            F / B step forward / back (Shift: 10 moves), A / E the start / end
            """)
    static let seat: Option<Int> = .integer("seat", in: 0...1, default: 0, help: "with --replay: as seat N saw it")
    static let spectator: Option<Bool> = .flag("spectator", help: "with --replay: as a spectator saw it (nothing hidden shown)")
    static let move: Option<Int> = .integer("move", in: 0...1_000_000, default: 0, help: "with --replay: start at move N (0: before the first move)")

    /// The declarations, in the order help lists them.
    static let specs = [replay.spec, seat.spec, spectator.spec, move.spec]

    let path: String
    let viewer: Seat?
    let move: Int

    /// Reads the flags; nil when `--replay` is not given.
    /// - Throws: ``ArgumentError`` for a bad combination (exit 2).
    init?(_ parsed: ParsedOptions) throws {
        guard let path = parsed[Self.replay] else {
            if parsed.isGiven(Self.seat) || parsed.isGiven(Self.move) || parsed[Self.spectator] {
                throw ArgumentError("--seat, --spectator and --move go with --replay FILE")
            }
            return nil
        }
        // The window's other flags: `duo screenshot --replay` declares no networked play.
        let others = [
            NetworkFlags.connect, NetworkFlags.join, NetworkFlags.resume, NetworkFlags.spectate, GameFlags.bot, GameFlags.variant,
            GameFlags.game,
        ].filter { parsed.command.option(named: $0.name) != nil }
        for other in others where parsed.isGiven(other) {
            throw ArgumentError("--replay plays back a file: --\(other.name) does not go with it")
        }
        if parsed.command.option(named: NetworkFlags.autoplay.name) != nil && parsed[NetworkFlags.autoplay] {
            throw ArgumentError("--replay plays back a file: --autoplay does not go with it (a replay takes no moves)")
        }
        let creates = parsed.command.option(named: NetworkFlags.create.name) != nil && parsed[NetworkFlags.create]
        if parsed[GameFlags.passAndPlay] || creates { throw ArgumentError("--replay plays back a file: it takes no new match") }
        if parsed[Self.spectator] && parsed.isGiven(Self.seat) { throw ArgumentError("--seat and --spectator exclude each other") }
        self.path = path
        viewer = parsed[Self.spectator] ? nil : (Seat(rawValue: parsed[Self.seat]) ?? .first)
        move = parsed[Self.move]
    }

    /// A session showing the replay on `state`.
    /// - Throws: ``DesktopError`` for an unreadable or invalid file, or a game whose replays the window cannot show.
    func session(state: DeviceState, view: GameFlags.ViewFlags, games: DesktopGames) throws -> DesktopSession {
        try sessionAndGame(state: state, view: view, games: games).session
    }

    /// A session showing the replay on `state`, and the game that played it.
    /// - Throws: ``DesktopError`` for an unreadable or invalid file, or a game whose replays the window cannot show.
    func sessionAndGame(
        state: DeviceState, view: GameFlags.ViewFlags, games: DesktopGames
    ) throws -> (session: DesktopSession, game: DesktopGameRegistration) {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DesktopError(cause: "cannot read the replay \(path) (\(error.localizedDescription))", fix: "check the file's name and permissions")
        }
        let entry = try DesktopGameRegistration.registration(
            forReplay: data, fileName: path, in: games.entries, serverProgram: DuoCommand.serverTool)
        let game = try entry.replayGame(
            data, fileName: path, viewer: viewer, step: move, seed: view.seed, serverProgram: DuoCommand.serverTool,
            program: DuoCommand.tool)
        let session = DesktopSession(
            state: state, profiles: GameLoader.switchableProfiles(), game: game,
            sensor: view.sensor, sensorSeed: view.seed, freeform: view.isFreeform)
        return (session, entry)
    }
}
