import Broadside
import BroadsideDesktop
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

    static func table(_ mode: BroadsideTable.Mode = .versusBot("hunt"), seed: UInt64 = 3, game: Broadside = game) -> BroadsideTable {
        do { return try BroadsideTable(game: game, mode: mode, seed: seed) } catch { fatalError("\(error)") }
    }

    static func session(
        _ posture: Posture = .tabletop, profile: String = "duo", sensor: HingeSensorModel = .ideal,
        mode: BroadsideTable.Mode = .versusBot("hunt"), freeform: Bool = false,
        configure: (inout DeviceState) -> Void = { _ in }
    ) -> DesktopSession {
        var state = DeviceState(profile: self.profile(profile), posture: posture)
        configure(&state)
        return DesktopSession(
            state: state, profiles: [self.profile("duo"), self.profile("classic")], game: table(mode),
            sensor: sensor, sensorSeed: 5, freeform: freeform)
    }
}

extension DesktopSession {
    /// The Broadside table a fixture session plays (every session of these fixtures plays Broadside).
    var table: BroadsideTable {
        guard let table = game as? BroadsideTable else { fatalError("this test session plays \(game.title), not Broadside") }
        return table
    }
}
