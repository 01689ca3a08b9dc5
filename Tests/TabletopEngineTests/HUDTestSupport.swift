import DuoPlatform
import DuoTestSupport
import Foundation
import TabletopEngine

/// Shared fixtures of the HUD layout tests.
enum HUDFixtures {
    /// The package's Assets folder.
    static let assets = AssetLocator(directory: PackageRoot.assets)

    static func profile(_ name: String) -> DeviceProfile {
        // The shipped profiles load, or every test here is meaningless.
        do { return try DeviceProfile.named(name, locator: assets) } catch { fatalError("profile \(name): \(error)") }
    }

    /// A HUD like a board game's: three status cells, a primary board with
    /// touch cells, an optional secondary board and three buttons.
    static let elements: [HUDElement] = [
        .status("turn", minimumWidth: 140), .status("score", minimumWidth: 140), .status("message", minimumWidth: 140),
        .board("target", anchor: .primaryBoard, minimumSide: 300, touchGrid: .init(columns: 10, rows: 10, minimumCellSide: 30)),
        .board("fleet", anchor: .secondaryBoard, minimumSide: 150, isInteractive: false, isOptional: true),
        .control("fire"), .control("auto"), .control("help"),
    ]

    /// The same HUD for a flat half too short for the whole target board at
    /// its minimum (a tabletop fold moved towards it): half the target's rows
    /// on the flat half, the whole target to look at on the upright half.
    static let bandElements: [HUDElement] = [
        .status("turn", minimumWidth: 140), .status("score", minimumWidth: 140), .status("message", minimumWidth: 140),
        .board("target-overview", anchor: .secondaryBoard, minimumSide: 150, isInteractive: false, isOptional: true),
        .board("fleet", anchor: .secondaryBoard, minimumSide: 150, isInteractive: false, isOptional: true),
        .board(
            "target-band", anchor: .primaryBoard, aspectRatio: 2, minimumSide: 150,
            touchGrid: .init(columns: 10, rows: 5, minimumCellSide: 30)),
        .control("fire"), .control("auto"), .control("help"),
    ]

    /// The sample HUD, falling back to the band where the whole target cannot keep the rules.
    static let screen = HUDScreen(name: "game", elements: elements, fallbacks: [bandElements])

    static func context(
        _ profile: String, _ posture: Posture, orientation: DeviceOrientation? = nil,
        direction: LayoutDirection = .leftToRight, foldPosition: Double? = nil,
        innerCamera: Bool = false
    ) -> LayoutContext {
        var state = DeviceState(profile: self.profile(profile), posture: posture, layoutDirection: direction)
        if let orientation { state.orientation = orientation }
        if let foldPosition { try? state.setFoldPosition(foldPosition) }
        state.isInnerCameraInUse = innerCamera
        return state.layoutContext
    }
}
