import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

/// The game flags of the window and of `duo screenshot`: which game, who
/// plays, which variant, which seed, which sensor.
struct GameFlags {
    static let game: Option<String?> = .text("game", "NAME", help: "the game")
    static let bot: Option<String?> = .text("bot", "NAME", help: "play against this bot")
    static let passAndPlay: Option<Bool> = .flag(
        "pass-and-play", help: "two people on one device (hidden views behind a privacy screen between turns)")
    static let variant: Option<String?> = .text("variant", "NAME", help: "the rules")
    static let seed: Option<Int> = .integer("seed", in: 0...Int.max, default: 1, help: "seed of the match and the bots")
    static let sensor: Option<HingeSensorModel> = .choice("sensor", "MODEL", default: .ideal, help: "hinge sensor")
    static let freeform: Option<Bool> = .flag("freeform", help: "the scene takes the window's own size (try layouts at any size)")

    /// The declarations, in the order help lists them, with the registered games, their bots and variants.
    static func specs(games: DesktopGames) -> [OptionSpec] {
        var gameSpec = game.with(help: "the game: \(DesktopGames.choices(games.names, default: games.defaultEntry.name))").spec
        gameSpec.kind = .choice(games.names)
        gameSpec.showsAllowed = false
        // 0...Int.max says nothing a person needs.
        var seedSpec = seed.spec
        seedSpec.showsAllowed = false
        // Each game's bots and variants are read from Assets/ only when the help is shown.
        var botSpec = bot.with(help: "play against this bot (default: the game's own):").spec
        botSpec.details = { perGame(games.listings()) { DesktopGames.choices($0.bots, default: $0.defaultBot) } }
        var variantSpec = variant.with(help: "the rules (default: the game's own):").spec
        variantSpec.details = { perGame(games.listings(loadingBots: false)) { DesktopGames.choices($0.variants, default: $0.defaultVariant) } }
        return [gameSpec, botSpec, passAndPlay.spec, variantSpec, seedSpec, sensor.spec, freeform.spec]
    }

    /// One line per game, `  NAME: CHOICES`, under an option's description.
    static func perGame(_ listings: [DesktopGames.Listing], _ choices: (DesktopGames.Listing) -> String) -> [String] {
        listings.map { "  \($0.name): \(choices($0))" }
    }

    /// The flags that shape the view and the clocks, local or networked: `--seed`, `--sensor`, `--freeform`.
    struct ViewFlags {
        let seed: UInt64
        let sensor: HingeSensorModel
        let isFreeform: Bool

        init(_ parsed: ParsedOptions) {
            seed = UInt64(parsed[GameFlags.seed])
            sensor = parsed[GameFlags.sensor]
            isFreeform = parsed[GameFlags.freeform]
        }
    }

    let game: any DesktopGame
    let view: ViewFlags
    var seed: UInt64 { view.seed }

    init(_ parsed: ParsedOptions, games: DesktopGames) throws {
        let entry = try games.entry(parsed[Self.game])
        let bot: String?
        if parsed[Self.passAndPlay] {
            guard parsed[Self.bot] == nil else { throw ArgumentError("--bot and --pass-and-play exclude each other") }
            bot = nil
        } else {
            bot = parsed[Self.bot] ?? entry.defaultBot
        }
        view = ViewFlags(parsed)
        let variant = parsed[Self.variant] ?? entry.defaultVariant
        try Self.checkVariant(variant, of: entry.name)
        game = try games.table(of: entry, variant: variant, bot: bot, seed: view.seed)
    }

    /// Checks that `variant` names a rules file of game `name`: a mistyped
    /// variant is a usage error (exit 2) in every command, as in `duo-server match`.
    /// When the game's folder cannot be found at all, the loader says so later (exit 1).
    /// - Throws: ``ArgumentError`` listing the variants there are.
    static func checkVariant(_ variant: String, of name: String) throws {
        guard let folder = try? AssetLocator.standard().url(for: "games/\(name)"),
            let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return }
        let known = files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        guard known.contains(variant) else {
            throw ArgumentError("--variant: unknown variant '\(variant)' of \(name) (known: \(known.joined(separator: ", ")))")
        }
    }

    /// A new session for `state`.
    func session(state: DeviceState) throws -> DesktopSession {
        DesktopSession(
            state: state, profiles: GameLoader.switchableProfiles(), game: game,
            sensor: view.sensor, sensorSeed: seed, freeform: view.isFreeform)
    }
}
