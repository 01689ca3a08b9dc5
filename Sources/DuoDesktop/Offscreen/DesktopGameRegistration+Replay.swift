import DuoClient
import DuoPlatform
import Foundation
import TabletopEngine

extension DesktopGameRegistration {
    /// The registration among `registrations` whose game played `replay` (its header names it).
    /// - Parameters:
    ///   - replay: the replay's bytes (`.jsonl`, as `duo-server match --replays` writes them).
    ///   - fileName: the file's name, for the messages.
    ///   - registrations: the games the program registers.
    ///   - serverProgram: the server program named in the fixes (`duo-server`, or a package's own).
    /// - Throws: ``DesktopError`` when the header cannot be read or names a game none of them is.
    public static func registration(
        forReplay replay: Data, fileName: String, in registrations: [DesktopGameRegistration], serverProgram: String = "duo-server"
    ) throws(DesktopError) -> DesktopGameRegistration {
        let header: ReplayHeader
        do { header = try ReplaySummary.header(of: replay) } catch {
            throw DesktopError(cause: "\(fileName): \(error)", fix: "give a replay written by \(serverProgram) match --replays or serve")
        }
        guard let entry = registrations.first(where: { $0.name == header.game }) else {
            throw DesktopError(
                cause: "\(fileName) is a replay of \(header.game), a game this program does not know",
                fix: "open it with a program that registers \(header.game) (this one plays \(registrations.map(\.name).joined(separator: ", ")))")
        }
        return entry
    }

    /// The game's own networked table showing `replay` as `viewer` saw it (nil: a spectator), at
    /// move `step`: what `duo --replay FILE` opens, `duo screenshot --replay` draws and ``Filmstrip`` films.
    /// - Parameters:
    ///   - replay: the replay's bytes; it is verified against the rules first.
    ///   - fileName: the file's name or path, for the messages (the status line shows its last part).
    ///   - viewer: the seat whose views are shown, nil for a spectator's.
    ///   - step: the move shown first (0: before the first move).
    ///   - seed: the table's own randomness.
    ///   - serverProgram: the server program named in the fixes.
    ///   - program: the window program named in the notices (`duo`, or a package's own).
    ///   - locator: where `Assets/` is.
    /// - Throws: ``DesktopError`` for a replay of another game, one that does not verify, or a game with no networked table.
    public func replayGame(
        _ replay: Data, fileName: String, viewer: Seat?, step: Int = 0, seed: UInt64 = 1, serverProgram: String = "duo-server",
        program: String = "duo", locator: AssetLocator = .standard()
    ) throws(DesktopError) -> ReplayGame {
        let header: ReplayHeader
        do { header = try ReplaySummary.header(of: replay) } catch {
            throw DesktopError(cause: "\(fileName): \(error)", fix: "give a replay written by \(serverProgram) match --replays or serve")
        }
        guard header.game == name else {
            throw DesktopError(
                cause: "\(fileName) is a replay of \(header.game), not of \(name)", fix: "open it with the program that plays \(header.game)")
        }
        guard let make = makeNetworkGame else {
            throw DesktopError(
                cause: "\(title) has no networked table, so the window cannot show its replays",
                fix: "read it as text: \(serverProgram) replay \(fileName) --seat N")
        }
        let steps: ReplaySteps
        do {
            let game = try catalogEntry.load(variant: header.variant, assets: try locator.directory())
            steps = try ReplaySteps(replay: replay, game: game, viewer: viewer)
        } catch {
            throw DesktopError(cause: "\(fileName): \(error)", fix: "check the replay with \(serverProgram) replay \(fileName)")
        }
        let transport = ReplayTransport(steps: steps, step: step)
        let request: MatchRequest =
            viewer.map { .resume(SeatTicket(code: ReplayTransport.code, seat: $0, token: "replay")) } ?? .watch(code: ReplayTransport.code)
        let table: any DesktopGame
        do {
            table = try make(
                NetworkSetup(
                    transport: transport, server: "replay", request: request, variant: header.variant, tickets: nil, seed: seed,
                    program: program))
        } catch let error as DesktopError {
            throw error
        } catch {
            throw DesktopError(
                cause: "\(fileName): cannot make the \(title) table (\(error))", fix: "check the replay with \(serverProgram) replay \(fileName)")
        }
        return ReplayGame(table: table, transport: transport, fileName: URL(fileURLWithPath: fileName).lastPathComponent)
    }
}
