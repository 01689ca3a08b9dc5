import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `duo` with no subcommand: the window with the simulated device and the game.
enum WindowCommand {
    static let tool = DuoCommand.tool

    /// Runs the window with `arguments` (everything after `duo`); exits when it closes.
    @MainActor
    static func main(_ arguments: [String], games: DesktopGames) {
        let parsed = DuoHelp.command(games: games).parseOrExit(arguments)
        do {
            if let word = parsed.positionals.first { throw ArgumentError("unknown command '\(word)'") }
            let state = try DeviceStateFlags(parsed).state
            let session: DesktopSession
            let title: String
            if let replay = try ReplayFlags(parsed) {
                session = try replay.session(state: state, view: GameFlags.ViewFlags(parsed), games: games)
                title = "Duo · \(session.game.title)"
            } else if let network = try NetworkFlags(parsed, games: games) {
                session = try network.session(state: state, view: GameFlags.ViewFlags(parsed))
                title = "Duo · \(session.game.title) · \(network.server)"
            } else {
                session = try GameFlags(parsed, games: games).session(state: state)
                title = "Duo · \(session.game.title)"
            }
            session.showsRegions = parsed[DuoHelp.regions]
            session.showsFrameTiming = parsed[DuoHelp.showFPS]
            try PhotoFolderFlag.configure(session, parsed)
            let window = try DesktopWindow(session: session, title: title)
            window.pacing = FramePacing(maximumFramesPerSecond: parsed[DuoHelp.maxFPS])
            try window.run()
            exit(0)
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }
}
