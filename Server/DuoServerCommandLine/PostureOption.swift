import DuoArguments
import DuoPlatform
import Foundation
import TabletopEngine

/// `duo-server match --postures SCRIPT` and `--posture-walk`: the batch's
/// matches are played again on a simulated device that changes before every
/// move (by the script's steps, or by a random walk drawn from each match's
/// seed), and at every step the game's HUD is laid out headlessly and checked
/// as `duo lint` does. Any violation fails the run (exit 1), naming the
/// match, the step, the posture, the element and the region. It checks layouts
/// only: no rendering code is linked below `Server/`, so what the tables draw
/// (every text, over whole matches) is checked by `duo lint`'s drawn-text lint.
struct PostureOption {
    /// `--postures SCRIPT`.
    static let postures: Option<String?> = .text(
        "postures", "SCRIPT",
        help: """
            change the simulated device before every move by the script's steps
            (one per line: [closed|flat|book|tent|tabletop] [angle DEG]
            [orientation NAME] [fold F] [camera on|off] [direction ltr|rtl])
            and check the HUD layout at every step; a violation fails the run
            (layouts only: the server draws nothing, 'duo lint' checks every text drawn)
            """)
    /// `--posture-walk`.
    static let walk: Option<Bool> = .flag(
        "posture-walk",
        help: """
            the same with a random walk of postures, angles, orientations and
            fold positions drawn from each match's seed
            """)
    /// `--posture-profile NAME`.
    static let profileOption: Option<String> = .text(
        "posture-profile", "NAME", default: "duo", help: "the device profile for those checks")

    /// The declarations, for the command's options table.
    static let specs = [postures.spec, walk.spec, profileOption.spec]

    let source: PostureSource
    let profile: DeviceProfile

    /// The option if asked for, nil otherwise.
    /// - Throws: ``ArgumentError`` for a bad flag combination or an unreadable script.
    static func parse(_ parsed: ParsedOptions, assets: URL) throws -> PostureOption? {
        let scriptPath = parsed[postures]
        let walk = parsed[Self.walk]
        guard scriptPath != nil || walk else {
            if parsed.isGiven(profileOption) { throw ArgumentError("--posture-profile needs --postures or --posture-walk") }
            return nil
        }
        guard !(scriptPath != nil && walk) else { throw ArgumentError("--postures and --posture-walk exclude each other") }
        let profileName = parsed[profileOption]
        let locator = AssetLocator(directory: assets)
        // As `duo --profile`: a name or path the user got wrong is a usage error (2),
        // a profile file that exists but is broken is bad data (1).
        if profileName.contains("/") || profileName.hasSuffix(".json") {
            guard FileManager.default.fileExists(atPath: profileName) else { throw ArgumentError("--posture-profile: no file '\(profileName)'") }
        } else {
            let available = (try? DeviceProfile.availableNames(locator: locator)) ?? []
            guard available.isEmpty || available.contains(profileName) else {
                throw ArgumentError("--posture-profile must be one of \(available.joined(separator: "|")) or a file path, not '\(profileName)'")
            }
        }
        let profile: DeviceProfile
        do {
            profile = try DeviceProfile.resolve(profileName, locator: locator)
        } catch {
            throw BrokenProfile(message: "--posture-profile: \(error)")
        }
        if let scriptPath {
            let text: String
            do {
                text = try String(contentsOfFile: scriptPath, encoding: .utf8)
            } catch {
                throw ArgumentError("--postures: cannot read '\(scriptPath)'")
            }
            do {
                return PostureOption(source: .script(try PostureScript(parsing: text, name: scriptPath)), profile: profile)
            } catch {
                throw ArgumentError("--postures: \(error)")
            }
        }
        return PostureOption(source: .walk(seed: 0x9057_0E5A_1C), profile: profile)
    }

    /// Plays the batch's matches (this shard's) with the device changing.
    /// - Returns: the violations found (empty: the run passes) and the totals the report shows.
    func run(gameName: String, from games: GameCatalog, variant: String?, assets: URL, configuration: BatchConfiguration) throws
        -> (findings: [HUDPostureFinding], totals: BatchPostureTotals)
    {
        let entry = try games.entry(named: gameName)
        guard let type = entry.gameType as? any (HUDGame & LoadableGame).Type else {
            throw ArgumentError("--postures: the game '\(gameName)' declares no HUD to check")
        }
        let (findings, steps, layouts) = try play(type, variant: variant ?? entry.defaultVariant, assets: assets, configuration: configuration)
        let what: String =
            switch source {
            case .script(let script): "script of \(script.steps.count) steps"
            case .walk: "random walk"
            }
        return (findings, BatchPostureTotals(profile: profile.name, source: what, steps: steps, layouts: layouts, violations: findings.count))
    }

    /// Plays the batch's matches of `Game` on the changing device.
    /// - Returns: the violations, the device steps and the layouts checked.
    private func play<Game: HUDGame & LoadableGame>(
        _ type: Game.Type, variant: String, assets: URL, configuration: BatchConfiguration
    ) throws -> (findings: [HUDPostureFinding], steps: Int, layouts: Int) {
        let data = try Data(contentsOf: assets.appendingPathComponent("games/\(Game.name)/\(variant).json"))
        let game = try Game(variant: variant, rulesData: data)
        var findings: [HUDPostureFinding] = []
        var steps = 0
        var layouts = 0
        for index in configuration.matchRange {
            let setup = configuration.setup(ofMatch: index)
            let names = configuration.seating(ofMatch: index)
            var seat0 = try game.makeBot(named: names.first, seat: .first, seed: setup.botSeed(for: .first))
            var seat1 = try game.makeBot(named: names.second, seat: .second, seed: setup.botSeed(for: .second))
            var check = HUDPostureCheck<Game>(
                profile: profile, source: source, matchIndex: index, checksTentHalves: game.seatsPlayersOnTentHalves
            ) { game.hudScreen(for: $0, in: $1) }
            _ = try MatchDriver.play(
                game, setup: setup, seat0: &seat0, seat1: &seat1, observer: &check,
                moveLimit: configuration.moveLimit)
            findings += check.findings
            steps += check.stepCount
            layouts += check.layoutCount
        }
        return (findings, steps, layouts)
    }
}

/// A device profile file that exists but cannot be used: a run-time failure (exit 1), not a usage error.
struct BrokenProfile: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
