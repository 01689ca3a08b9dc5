/// Everything about the simulated device at one moment, as a value: the
/// profile, the hinge's true angle and the status the system derives from
/// it, how the body is held, where the fold is, whether the inner camera is
/// in use and the layout direction. From these follow the display in use,
/// the scene size and the reserved regions.
///
/// The system's own hinge status (``hingeStatus``) follows the true angle
/// through the hysteresis rule and is never `unknown`: the device always
/// knows which display it uses. What apps see through the (possibly
/// imperfect) sensor is a separate matter, handled by ``SimulatedDevice``.
public struct DeviceState: Hashable, Sendable {
    /// The device.
    public let profile: DeviceProfile
    /// The hinge's true angle (0 on a device without a hinge).
    public private(set) var hingeAngle: HingeAngle
    /// The system's hinge status of ``hingeAngle`` with hysteresis; on a
    /// device without a hinge, `fullyOpen` (its one display is always in use and never folds).
    public private(set) var hingeStatus: HingeStatus
    /// How the body is held.
    public var orientation: DeviceOrientation
    /// The fold line as a fraction of the inner display's portrait width
    /// (0.5 = centred); the profile's default on a device without a fold.
    public private(set) var foldPosition: Double
    /// Whether a capture session uses the inner camera (its occlusion is then active).
    public var isInnerCameraInUse: Bool
    /// The layout direction of the app's content.
    public var layoutDirection: LayoutDirection

    /// The device held in `posture` (its preset angle, taken as a first
    /// reading, and orientation), fold at its default position, inner camera unused.
    public init(profile: DeviceProfile, posture: Posture, layoutDirection: LayoutDirection = .leftToRight) {
        let preset = profile.preset(for: posture)
        let angle = profile.hinge == nil ? HingeAngle.zero : (preset.angle ?? .zero)
        self.profile = profile
        self.hingeAngle = angle
        self.hingeStatus = profile.hinge?.plainStatus(of: angle) ?? .fullyOpen
        self.orientation = preset.orientation
        self.foldPosition = profile.fold?.defaultPosition ?? 0.5
        self.isInnerCameraInUse = false
        self.layoutDirection = layoutDirection
    }

    /// The device with every property given. The angle is taken as a first
    /// reading (status from the thresholds as they are).
    /// - Parameters:
    ///   - profile: the device's profile.
    ///   - hingeAngle: ignored on a device without a hinge; nil keeps the posture-free default of 0 there.
    ///   - orientation: how the body is held.
    ///   - foldPosition: nil for the profile's default.
    ///   - isInnerCameraInUse: whether a capture session uses the inner camera (its occlusion is then active).
    ///   - layoutDirection: the app's layout direction.
    /// - Throws: ``DeviceStateError`` when the angle or fold position is out of range
    ///   or given to a device without a hinge or fold.
    public init(
        profile: DeviceProfile, hingeAngle: HingeAngle?, orientation: DeviceOrientation,
        foldPosition: Double? = nil, isInnerCameraInUse: Bool = false, layoutDirection: LayoutDirection = .leftToRight
    ) throws(DeviceStateError) {
        self.init(profile: profile, posture: .closed, layoutDirection: layoutDirection)
        self.orientation = orientation
        self.isInnerCameraInUse = isInnerCameraInUse
        if let hingeAngle {
            try Self.check(hingeAngle, on: profile)
            self.hingeAngle = hingeAngle
            self.hingeStatus = profile.hinge?.plainStatus(of: hingeAngle) ?? .fullyOpen
        }
        if let foldPosition {
            try setFoldPosition(foldPosition)
        }
    }

    /// Moves the hinge to `angle`; the status follows with hysteresis.
    /// - Throws: ``DeviceStateError`` without a hinge or outside its range.
    public mutating func setHingeAngle(_ angle: HingeAngle) throws(DeviceStateError) {
        try Self.check(angle, on: profile)
        hingeAngle = angle
        if let hinge = profile.hinge {
            hingeStatus = hinge.status(after: hingeStatus, reading: angle)
        }
    }

    /// Moves the fold (a fraction of the inner display's portrait width).
    /// - Throws: ``DeviceStateError`` without a fold or outside the profile's range.
    public mutating func setFoldPosition(_ position: Double) throws(DeviceStateError) {
        guard let fold = profile.fold else { throw .noFold(profile: profile.name) }
        guard position.isFinite, fold.positionRange.contains(position) else {
            throw .foldPositionOutOfRange(position: position, range: fold.positionRange)
        }
        foldPosition = position
    }

    /// Takes the posture's preset: orientation, and the angle through the
    /// hysteresis rule (presets sit far from the thresholds, so the status is
    /// the posture's). On a device without a hinge only the orientation changes.
    public mutating func apply(_ posture: Posture) {
        let preset = profile.preset(for: posture)
        orientation = preset.orientation
        if let angle = preset.angle, profile.hinge != nil {
            // A loaded profile's preset angles are inside its range.
            try? setHingeAngle(angle)
        }
    }

    /// The named posture whose preset this state matches exactly (angle and
    /// orientation; orientation alone on a device without a hinge), if any.
    /// When several match (the `classic` presets share orientations), the
    /// first in `Posture.allCases` order.
    public var matchingPosture: Posture? {
        Posture.allCases.first { posture in
            let preset = profile.preset(for: posture)
            guard preset.orientation == orientation else { return false }
            return profile.hinge == nil || preset.angle == hingeAngle
        }
    }

    /// The hinge as the system knows it (true angle, status with
    /// hysteresis), or nil on a device without a hinge.
    public var hinge: Hinge? {
        profile.hinge == nil ? nil : Hinge(status: hingeStatus, angle: hingeAngle)
    }

    /// The display the app is on: outer while closed, inner otherwise.
    public var display: DisplayKind { profile.display(for: hingeStatus) }

    /// The display in use, as the profile describes it (portrait).
    public var displaySpec: DeviceProfile.Display {
        // `display(for:)` only names displays the profile has.
        profile.displays[display] ?? DeviceProfile.Display(width: 0, height: 0)
    }

    /// The size of the app's scene: the display in use, turned with the orientation.
    public var sceneSize: Size { orientation.displaySize(portrait: displaySpec.portraitSize) }

    /// Whether the fold is an active division (the hinge is partially open).
    public var isFoldActive: Bool { profile.fold != nil && display == .inner && hingeStatus == .partiallyOpen }

    /// Every reserved region of the scene, active or not, in scene
    /// coordinates (never mirrored): the fold first (on the inner display of
    /// a device with one), then the occlusions of the display in use in
    /// profile order.
    public var sceneRegions: [ReservedRegion] {
        let spec = displaySpec
        let portrait = spec.portraitSize
        var regions: [ReservedRegion] = []
        if display == .inner, let fold = profile.fold {
            let line = foldPosition * portrait.width
            let frame: Rect
            let margins: EdgeInsets
            if isFoldActive {
                frame = Rect(x: line - fold.bandThickness / 2, y: 0, width: fold.bandThickness, height: portrait.height)
                margins = EdgeInsets(top: 0, leading: fold.margin, bottom: 0, trailing: fold.margin)
            } else {
                // Flat: the fold is a zero-thickness line with nothing around it.
                frame = Rect(x: line, y: 0, width: 0, height: portrait.height)
                margins = .zero
            }
            regions.append(
                ReservedRegion(
                    id: .fold,
                    frame: orientation.map(frame, portraitSize: portrait),
                    isActive: isFoldActive,
                    margins: orientation.map(margins)
                ))
        }
        for occlusion in spec.occlusions {
            let active =
                switch occlusion.activeWhen {
                case .always: true
                case .innerCameraInUse: isInnerCameraInUse
                }
            regions.append(
                ReservedRegion(
                    id: occlusion.id,
                    frame: orientation.map(occlusion.frame, portraitSize: portrait),
                    isActive: active,
                    margins: orientation.map(occlusion.margins)
                ))
        }
        return regions
    }

    /// What a layout pass of the whole scene receives: size, layout
    /// direction and regions, and no hinge.
    public var layoutContext: LayoutContext {
        LayoutContext(
            size: sceneSize,
            layoutDirection: layoutDirection,
            regions: sceneRegions,
            display: display,
            isCoverDisplay: profile.isCoverDisplay(display)
        )
    }

    private static func check(_ angle: HingeAngle, on profile: DeviceProfile) throws(DeviceStateError) {
        guard let hinge = profile.hinge else { throw .noHinge(profile: profile.name) }
        guard angle.degrees.isFinite, hinge.range.contains(angle.degrees) else {
            throw .angleOutOfRange(degrees: angle.degrees, range: hinge.range)
        }
    }
}
