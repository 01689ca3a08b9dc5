import Broadside
import DuoArguments
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// The game flags of the window and of `duo screenshot`: who plays, which
/// variant, which seed, which sensor.
struct GameFlags {
    static let options: Set<String> = ["bot", "variant", "seed", "sensor"]
    static let flags: Set<String> = ["pass-and-play", "freeform"]

    static let help = """
      --bot NAME               play against this bot: random | hunt (default) | density
      --pass-and-play          two people on one device, with a privacy screen between turns
      --variant NAME           Broadside rules: classic (default) | salvo
      --seed N                 seed of the match and the bots (default 1)
      --sensor MODEL           hinge sensor: ideal (default) | noisy | coarse | late
      --freeform               the scene takes the window's own size (try layouts at any size)
    """

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

    let game: Broadside
    let mode: BroadsideTable.Mode
    let view: ViewFlags
    var seed: UInt64 { view.seed }

    init(_ parsed: ParsedArguments) throws {
        game = try GameLoader.broadside(variant: parsed.value("variant") ?? "classic")
        if parsed.has("pass-and-play") {
            guard parsed.value("bot") == nil else { throw ArgumentError("--bot and --pass-and-play exclude each other") }
            mode = .passAndPlay
        } else {
            let bot = parsed.value("bot") ?? "hunt"
            guard game.botNames.contains(bot) else {
                throw ArgumentError("--bot must be one of \(game.botNames.joined(separator: "|")), not '\(bot)'")
            }
            mode = .versusBot(bot)
        }
        view = try ViewFlags(parsed)
    }

    /// A new session for `state`.
    func session(state: DeviceState) throws -> DesktopSession {
        let table = try BroadsideTable(game: game, mode: mode, seed: seed)
        return DesktopSession(state: state, profiles: GameLoader.switchableProfiles(), table: table,
                              sensor: view.sensor, sensorSeed: seed, freeform: view.isFreeform)
    }
}
