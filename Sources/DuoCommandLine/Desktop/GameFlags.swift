import DuoArguments
import Foundation
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// The game flags of the window and of `duo screenshot`: which game, who
/// plays, which variant, which seed, which sensor.
struct GameFlags {
    static let options: Set<String> = ["game", "bot", "variant", "seed", "sensor"]
    static let flags: Set<String> = ["pass-and-play", "freeform"]

    /// The game flags' help, listing the registered games, their bots and variants.
    static func help(games: DesktopGames) -> String {
        let listings = games.listings
        return """
          --game NAME              \(DesktopGames.choices(games.names, default: games.defaultEntry.name))
          --bot NAME               play against this bot (default: the game's own):
        \(DesktopGames.perGame(listings) { DesktopGames.choices($0.bots, default: $0.defaultBot) })
          --pass-and-play          two people on one device (hidden views behind a privacy screen between turns)
          --variant NAME           the rules (default: the game's own):
        \(DesktopGames.perGame(listings) { DesktopGames.choices($0.variants, default: $0.defaultVariant) })
          --seed N                 seed of the match and the bots (default 1)
          --sensor MODEL           hinge sensor: ideal (default) | noisy | coarse | late
          --freeform               the scene takes the window's own size (try layouts at any size)
        """
    }

    /// The flags that shape the view and the clocks, local or networked: `--seed`, `--sensor`, `--freeform`.
    struct ViewFlags {
        let seed: UInt64
        let sensor: HingeSensorModel
        let isFreeform: Bool

        init(_ parsed: ParsedArguments) throws {
            seed = UInt64(try parsed.integer("seed", default: 1, in: 0...Int.max))
            sensor = try parsed.choice("sensor", as: HingeSensorModel.self) ?? .ideal
            isFreeform = parsed.has("freeform")
        }
    }

    let game: any DesktopGame
    let view: ViewFlags
    var seed: UInt64 { view.seed }

    init(_ parsed: ParsedArguments, games: DesktopGames) throws {
        let entry = try games.entry(parsed)
        let bot: String?
        if parsed.has("pass-and-play") {
            guard parsed.value("bot") == nil else { throw ArgumentError("--bot and --pass-and-play exclude each other") }
            bot = nil
        } else {
            bot = parsed.value("bot") ?? entry.defaultBot
        }
        view = try ViewFlags(parsed)
        let variant = parsed.value("variant") ?? entry.defaultVariant
        try Self.checkVariant(variant, of: entry.name)
        game = try games.table(of: entry, variant: variant, bot: bot, seed: view.seed)
    }

    /// Checks that `variant` names a rules file of game `name`: a mistyped
    /// variant is a usage error (exit 2) in every command, as in `duo-server match`.
    /// When the game's folder cannot be found at all, the loader says so later (exit 1).
    /// - Throws: ``ArgumentError`` listing the variants there are.
    static func checkVariant(_ variant: String, of name: String) throws {
        guard let folder = try? AssetLocator.standard().url(for: "games/\(name)"),
              let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let known = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        guard known.contains(variant) else {
            throw ArgumentError("--variant: unknown variant '\(variant)' of \(name) (known: \(known.joined(separator: ", ")))")
        }
    }

    /// A new session for `state`.
    func session(state: DeviceState) throws -> DesktopSession {
        DesktopSession(state: state, profiles: GameLoader.switchableProfiles(), game: game,
                       sensor: view.sensor, sensorSeed: seed, freeform: view.isFreeform)
    }
}
