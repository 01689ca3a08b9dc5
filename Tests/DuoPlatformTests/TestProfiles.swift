import Foundation

@testable import DuoPlatform

/// The shipped profiles, found the way executables find them.
enum TestProfiles {
    static func duo() throws -> DeviceProfile { try DeviceProfile.named("duo") }
    static func classic() throws -> DeviceProfile { try DeviceProfile.named("classic") }

    /// The duo in a posture, optionally with a moved fold, the inner camera
    /// in use or a layout direction.
    static func duoState(
        _ posture: Posture, foldPosition: Double? = nil, innerCamera: Bool = false,
        direction: LayoutDirection = .leftToRight, orientation: DeviceOrientation? = nil
    ) throws -> DeviceState {
        var state = DeviceState(profile: try duo(), posture: posture, layoutDirection: direction)
        if let foldPosition { try state.setFoldPosition(foldPosition) }
        if let orientation { state.orientation = orientation }
        state.isInnerCameraInUse = innerCamera
        return state
    }
}
