import DuoPlatform
import TabletopEngine

/// What the capture accessory shows on the outer display during the
/// victory photo: who won and the score, laid out by the same fold-aware
/// HUD helper as the game, in the outer display's own scene (turned to be
/// level for whoever looks at it, clear of its camera and status strip).
public enum AccessoryScoreScene {
    /// Element ids of the accessory's screen.
    public enum ElementID {
        /// Who won, ships afloat and matches won, in large type.
        public static let score = "accessory-score"
    }

    /// The screen: one tall status cell in large type, since the outer
    /// display is looked at from across the table (and drawn small in the window).
    public static let screen = HUDScreen(
        name: "capture accessory",
        elements: [
            .status(ElementID.score, height: 220, minimumWidth: 260)
        ])

    /// The layout context of the outer display's scene turned to
    /// `orientation` (`CaptureAccessory.sceneOrientation`): its size and
    /// its always-active occlusions, and no hinge. Nil when the profile has
    /// no outer display beside an inner one (no accessory there).
    public static func context(profile: DeviceProfile, orientation: DeviceOrientation, direction: LayoutDirection) -> LayoutContext? {
        guard profile.displays[.outer] != nil, profile.displays[.inner] != nil, profile.hinge != nil else { return nil }
        // The closed device shows exactly the outer display's scene in that orientation.
        let state = try? DeviceState(
            profile: profile, hingeAngle: HingeAngle(degrees: profile.hinge?.minimumDegrees ?? 0),
            orientation: orientation, layoutDirection: direction)
        guard let state, state.display == .outer else { return nil }
        return state.layoutContext
    }
}
