import Foundation

/// A device described as data: its displays, hinge, fold, hardware regions
/// and posture presets, loaded from `Assets/profiles/<name>.json`.
///
/// Two profiles ship: `duo` (the foldable of docs/SPEC.md sections 1-2) and `classic` (a
/// hingeless phone with one display). Nothing in the engine hard-codes a
/// device's numbers: they all come from here. A profile is checked when it
/// is loaded (see ``ProfileError``), so a value of this type is consistent.
public struct DeviceProfile: Codable, Hashable, Sendable {
    /// The profile's name, as in `--profile NAME`.
    public var name: String
    /// The displays by kind: both on a foldable, one on a hingeless phone.
    public var displays: [DisplayKind: Display]
    /// The hinge, or nil on a device without one.
    public var hinge: HingeThresholds?
    /// The fold of the inner display, or nil on a device without one.
    public var fold: Fold?
    /// The angle and orientation of every named posture.
    public var postures: [Posture: PosturePreset]

    /// Makes a profile from its parts (not checked: use ``validated(file:)``).
    public init(
        name: String, displays: [DisplayKind: Display], hinge: HingeThresholds?,
        fold: Fold?, postures: [Posture: PosturePreset]
    ) {
        self.name = name
        self.displays = displays
        self.hinge = hinge
        self.fold = fold
        self.postures = postures
    }

    /// Whether the device has a hinge (and so two displays).
    public var hasHinge: Bool { hinge != nil }

    /// The preset of `posture`. Every loaded profile has all five.
    public func preset(for posture: Posture) -> PosturePreset {
        postures[posture] ?? PosturePreset(angle: nil, orientation: .portrait)
    }

    /// The display used while the hinge is in `status`: the outer display
    /// while closed, the inner one otherwise; a device with one display
    /// always uses it.
    public func display(for status: HingeStatus) -> DisplayKind {
        guard hasHinge, displays[.inner] != nil else {
            return displays[.outer] != nil ? .outer : .inner
        }
        return status == .closed ? .outer : .inner
    }

    /// Whether `kind` is a cover display: the outer display of a device
    /// that also has an inner one (too small to split in landscape).
    public func isCoverDisplay(_ kind: DisplayKind) -> Bool {
        kind == .outer && displays[.inner] != nil && hasHinge
    }
}

extension DeviceProfile {
    /// One display: its size held in portrait and the hardware over it.
    public struct Display: Codable, Hashable, Sendable {
        /// The width with the device in `portrait`, in points.
        public var width: Double
        /// The height with the device in `portrait`, in points.
        public var height: Double
        /// Hardware covering parts of the display, frames given in portrait.
        public var occlusions: [Occlusion]

        /// Makes a display.
        public init(width: Double, height: Double, occlusions: [Occlusion] = []) {
            self.width = width
            self.height = height
            self.occlusions = occlusions
        }

        /// The size in portrait.
        public var portraitSize: Size { Size(width: width, height: height) }
    }

    /// When an occlusion claims its area.
    public enum Activation: String, Codable, CaseIterable, Hashable, Sendable {
        /// Always (the outer camera and status area).
        case always
        /// Only while a capture session uses the inner camera.
        case innerCameraInUse
    }

    /// Hardware covering part of a display.
    public struct Occlusion: Codable, Hashable, Sendable {
        /// Which hardware.
        public var id: ReservedRegion.ID
        /// Its frame on the display in portrait, margins included.
        public var frame: Rect
        /// The margins included in `frame` (leading = left in portrait).
        public var margins: EdgeInsets
        /// When it is active.
        public var activeWhen: Activation

        /// Makes an occlusion.
        public init(id: ReservedRegion.ID, frame: Rect, margins: EdgeInsets, activeWhen: Activation) {
            self.id = id
            self.frame = frame
            self.margins = margins
            self.activeWhen = activeWhen
        }
    }

    /// The fold of the inner display: a vertical line in `portrait` at a
    /// fraction of the display's width (the "movable fold").
    public struct Fold: Codable, Hashable, Sendable {
        /// The width of the crease itself, in points (16 on the Duo).
        public var creaseWidth: Double
        /// The margin added on each side of the crease while the fold is active (8 on the Duo).
        public var margin: Double
        /// The fold position at start, as a fraction of the inner display's portrait width (0.5).
        public var defaultPosition: Double
        /// The smallest fold position the simulator may set (0.25).
        public var minimumPosition: Double
        /// The largest fold position the simulator may set (0.75).
        public var maximumPosition: Double

        /// Makes a fold.
        public init(creaseWidth: Double, margin: Double, defaultPosition: Double, minimumPosition: Double, maximumPosition: Double) {
            self.creaseWidth = creaseWidth
            self.margin = margin
            self.defaultPosition = defaultPosition
            self.minimumPosition = minimumPosition
            self.maximumPosition = maximumPosition
        }

        /// The thickness of the active band: crease plus a margin on each side (32 on the Duo).
        public var bandThickness: Double { creaseWidth + 2 * margin }

        /// The positions the fold may take.
        public var positionRange: ClosedRange<Double> { minimumPosition...maximumPosition }
    }
}

extension DisplayKind: CodingKeyRepresentable {}
extension Posture: CodingKeyRepresentable {}
