import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import TabletopEngine

/// Shared fixtures: the package's assets, profiles, the game and sessions.
enum DesktopFixtures {
    static let assets = AssetLocator(directory: PackageRoot.assets)

    static func profile(_ name: String) -> DeviceProfile {
        do { return try DeviceProfile.named(name, locator: assets) } catch { fatalError("profile \(name): \(error)") }
    }

    static let game: Broadside = {
        do { return try GameLoader.broadside(variant: "classic", locator: assets) } catch { fatalError("\(error)") }
    }()

    static let salvo: Broadside = {
        do { return try GameLoader.broadside(variant: "salvo", locator: assets) } catch { fatalError("\(error)") }
    }()

    /// Who plays a fixture's match.
    enum Mode: Equatable {
        /// A person (seat 0) against the named bot.
        case versusBot(String)
        /// Two people passing the device.
        case passAndPlay
    }

    /// Broadside on this device as the window plays it: the host and the view-painted table(s).
    static func local(_ mode: Mode = .versusBot("hunt"), seed: UInt64 = 3, game: Broadside = game) -> LocalMatchGame<BroadsideNetworkTable> {
        let bot: String? = if case .versusBot(let name) = mode { name } else { nil }
        do { return try BroadsideNetworkTable.localGame(game, bot: bot, seed: seed) } catch { fatalError("\(error)") }
    }

    /// The whole match as only its host knows it, rebuilt from the host's replay: for tests that aim at the bot's ships.
    static func hostState(of match: LocalMatchGame<BroadsideNetworkTable>, game: Broadside = game) -> BroadsideState {
        guard let session = match.host.session else { fatalError("no match hosted yet") }
        var state = game.makeInitialState(session.setup)
        for line in ReplayLines.split(session.replay).dropFirst() where (try? ReplayLines.type(of: line)) == "move" {
            guard case .object(let fields)? = try? JSONValue(parsing: [UInt8](line.text)), case .integer(let index)? = fields["seat"],
                let seat = Seat(index: Int(index)), let json = fields["move"],
                let move = try? JSONDecoder().decode(BroadsideMove.self, from: Data(json.serialized)),
                (try? game.play(move, by: seat, in: &state)) != nil
            else { fatalError("the host's replay cannot be played again: \(line.number)") }
        }
        return state
    }

    static func session(
        _ posture: Posture = .tabletop, profile: String = "duo", sensor: HingeSensorModel = .ideal,
        mode: Mode = .versusBot("hunt"), freeform: Bool = false,
        configure: (inout DeviceState) -> Void = { _ in }
    ) -> DesktopSession {
        var state = DeviceState(profile: self.profile(profile), posture: posture)
        configure(&state)
        return DesktopSession(
            state: state, profiles: [self.profile("duo"), self.profile("classic")], game: local(mode),
            sensor: sensor, sensorSeed: 5, freeform: freeform)
    }
}

extension DesktopSession {
    /// The Broadside match a fixture session plays (every session of these fixtures plays Broadside).
    var match: LocalMatchGame<BroadsideNetworkTable> {
        guard let match = game as? LocalMatchGame<BroadsideNetworkTable> else { fatalError("this test session plays \(game.title), not Broadside") }
        return match
    }

    /// The seat on screen (or behind the privacy screen): its table and session.
    var table: BroadsideNetworkGame { match.shown }
}

/// What a Broadside seat shows, read through its table and its session as the painter reads them.
extension NetworkGame where Table == BroadsideNetworkTable {
    var view: BroadsideSeatView { table.view }
    var game: Broadside { table.game }
    var moment: BroadsideHUD.Moment { table.moment(session) }
    /// Broadside's screen (which does not depend on the scene), with the engine's notice where it changes it.
    var screen: HUDScreen { TableNotice.screen(table.screen(session), showing: session.notice) }
    var turnText: String { table.turnText(session: session) }
    var scoreText: String { table.scoreText(session: session) }
    var scoreParts: [String] { table.scoreParts(session) }
    var news: [String] { session.feed.lines }
    var feed: NewsFeed { session.feed }
    var matchesSeen: Int { session.matchesSeen }
    func name(of seat: Seat) -> String { session.name(of: seat) }
    var banner: TableBanner? { session.feed.banner }
    var notice: TableNotice? { session.notice }
    var isViewerFiring: Bool { table.isViewerFiring(session) }
    var canMove: Bool { session.canMove }
    var movesInFlight: Int { session.movesInFlight }
    var movesSeen: Int { session.movesSeen }
    var wins: SeatPair<Int> { session.wins }
    var seat: Seat? { session.seat }
    var viewer: Seat { session.viewer }
    var code: String? { session.code }
    var opponent: String? { session.opponent }
    var result: MatchResult? { session.result }
    var isSpectator: Bool { session.isSpectator }
    var isLocal: Bool { session.isLocal }
    var shipToPlace: Int? { table.shipToPlace(session) }
    var placementPreview: (cells: [Cell], isLegal: Bool)? { table.placementPreview(session) }
    var heading: Heading { table.heading }
    var hoverCell: Cell? { table.hoverCell }
    var shownBand: Int { table.shownBand }
    var shipColors: SeatPair<RGBAColor> { table.shipColors }
    var hud: BroadsideHUD { table.hud }
}
