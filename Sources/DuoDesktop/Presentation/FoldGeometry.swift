import DuoPlatform

/// The fold as the window draws it, in scene coordinates: which way it
/// runs, where its centre line is, its band, and whether it is active.
public struct FoldGeometry: Sendable, Equatable {
    /// Which way the fold line runs across the scene.
    public enum Axis: Sendable, Equatable {
        /// Left to right: the upper half can stand up (tabletop).
        case horizontal
        /// Top to bottom: two halves side by side (book, tent).
        case vertical
    }

    /// Which way the line runs.
    public var axis: Axis
    /// The centre line: a y for a horizontal fold, an x for a vertical one.
    public var line: Double
    /// The region's frame: the band when active, a zero-thickness line when flat.
    public var band: Rect
    /// Whether it is an active division (partially open).
    public var isActive: Bool

    /// A fold from its parts.
    public init(axis: Axis, line: Double, band: Rect, isActive: Bool) {
        self.axis = axis
        self.line = line
        self.band = band
        self.isActive = isActive
    }

    /// The fold of a scene, from its reserved regions (nil on the outer display or a hingeless device).
    public init?(regions: [ReservedRegion]) {
        guard let fold = regions.first(where: { $0.kind == .division }) else { return nil }
        let frame = fold.frame
        if frame.width > frame.height {
            self.init(axis: .horizontal, line: frame.midY, band: frame, isActive: fold.isActive)
        } else {
            self.init(axis: .vertical, line: frame.midX, band: frame, isActive: fold.isActive)
        }
    }
}
