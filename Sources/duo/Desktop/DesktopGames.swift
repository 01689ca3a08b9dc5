import Broadside
import DuoArguments
import DuoDesktop
import MiniGolf
import MiniGolfDesktop
import TabletopEngine

/// One game the window can play (`duo --game NAME`): how to make it and
/// which HUD screens `duo lint` checks for it.
struct DesktopGameEntry: Sendable {
    /// The catalog name.
    let name: String
    /// The name people read.
    let title: String
    /// The rules variant played when none is named.
    let defaultVariant: String
    /// The bot played against when none is named.
    let defaultBot: String
    /// Makes the game: (variant, bot or nil for two people on one device, seed).
    let make: @Sendable (_ variant: String, _ bot: String?, _ seed: UInt64) throws -> any DesktopGame
    /// Every screen the game can show, for the variant.
    let lintScreens: @Sendable (_ variant: String) throws -> [HUDScreen]
}

/// The games of the desktop program, the default first. Adding a game is one entry here.
enum DesktopGames {
    static let entries: [DesktopGameEntry] = [
        DesktopGameEntry(
            name: Broadside.name, title: "Broadside", defaultVariant: Broadside.defaultVariant, defaultBot: "hunt",
            make: { variant, bot, seed in
                let game = try GameLoader.broadside(variant: variant)
                try checkBot(bot, in: game.botNames) { name throws(UnknownBotError) in
                    _ = try game.makeBot(named: name, seat: .first, seed: 0)
                }
                return try BroadsideTable(game: game, mode: bot.map { .versusBot($0) } ?? .passAndPlay, seed: seed)
            },
            lintScreens: { variant in LintCommand.screens(of: try GameLoader.broadside(variant: variant)) }),
        DesktopGameEntry(
            name: MiniGolf.name, title: "Mini golf", defaultVariant: MiniGolf.defaultVariant, defaultBot: "aim",
            make: { variant, bot, seed in
                let game = try GameLoader.game(MiniGolf.self, variant: variant)
                try checkBot(bot, in: game.botNames) { name throws(UnknownBotError) in
                    _ = try game.makeBot(named: name, seat: .first, seed: 0)
                }
                return try MiniGolfTable(game: game, mode: bot.map { .versusBot($0) } ?? .twoPlayers, seed: seed)
            },
            lintScreens: { _ in MiniGolfHUD().allScreens }),
    ]

    /// The names, in order.
    static var names: [String] { entries.map(\.name) }

    /// The entry called `name`.
    /// - Throws: ``ArgumentError`` listing the games.
    static func entry(named name: String) throws(ArgumentError) -> DesktopGameEntry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ArgumentError("--game must be one of \(names.joined(separator: "|")), not '\(name)'")
        }
        return entry
    }

    /// Refuses a bot the game cannot make (`make` tries it), naming the game's bots.
    private static func checkBot(_ bot: String?, in names: [String],
                                 make: (String) throws(UnknownBotError) -> Void) throws {
        if let bot, (try? make(bot)) == nil {
            throw ArgumentError("--bot must be one of \(names.joined(separator: "|")), not '\(bot)'")
        }
    }
}
