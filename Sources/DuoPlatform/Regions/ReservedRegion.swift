/// An area of a view that the hardware claims: the fold, or a camera or
/// status area covering the display.
///
/// Frames are in the coordinates of the view the regions were asked of
/// (see ``LayoutContext/reservedRegions(kind:options:layoutDirectionBehavior:)``)
/// and already include the `margins`: never add them again.
public struct ReservedRegion: Identifiable, Codable, Hashable, Sendable {
    /// Which hardware claims a region.
    public enum ID: String, Codable, CaseIterable, Hashable, Sendable {
        /// The fold of the inner display (a division).
        case fold
        /// The outer display's camera (an occlusion, always active).
        case outerCamera
        /// The outer display's status strip next to its camera (an occlusion, always active).
        case statusArea
        /// The inner display's under-display camera (an occlusion, active while in use).
        case innerCamera

        /// The kind of region this hardware makes.
        public var kind: Kind { self == .fold ? .division : .occlusion }
    }

    /// What a region does to the area under it.
    public enum Kind: String, Codable, CaseIterable, Hashable, Sendable {
        /// Splits the area in two (the fold): keep each element whole on one side.
        case division
        /// Covers the area (a camera): keep interactive elements and text out of it.
        case occlusion
    }

    /// Which hardware claims the region.
    public var id: ID
    /// Division or occlusion.
    public var kind: Kind
    /// The claimed area in the view's coordinates, margins included. It may
    /// start at negative coordinates or run past the view's size when the
    /// region overlaps the view only in part.
    public var frame: Rect
    /// Whether the hardware claims the area now (a fold only while partially
    /// open, the inner camera only while in use). Inactive regions come back
    /// only with ``QueryOptions/includeInactive``.
    public var isActive: Bool
    /// The padding already included in `frame` on each side (leading = the
    /// frame's low-x side, in the coordinates the frame is given in).
    public var margins: EdgeInsets

    /// Makes a region; `kind` follows from `id`.
    public init(id: ID, frame: Rect, isActive: Bool, margins: EdgeInsets = .zero) {
        self.id = id
        self.kind = id.kind
        self.frame = frame
        self.isActive = isActive
        self.margins = margins
    }

    /// Whether the region's line (the zero-thickness flat fold) or area
    /// counts as overlapping a view of `size` at the origin: a line counts
    /// when it lies inside the view or on its edge; an area must share some
    /// area with the view.
    func overlapsView(of size: Size) -> Bool {
        Self.overlaps(frame.minX, frame.width, 0, size.width)
            && Self.overlaps(frame.minY, frame.height, 0, size.height)
    }

    private static func overlaps(_ start: Double, _ length: Double, _ viewStart: Double, _ viewLength: Double) -> Bool {
        let viewEnd = viewStart + viewLength
        if length <= 0 {
            // A line: inside the view or on one of its edges.
            return start >= viewStart && start <= viewEnd
        }
        if viewLength <= 0 {
            // A zero-thickness view: inside the region's open extent.
            return viewStart > start && viewStart < start + length
        }
        return start < viewEnd && start + length > viewStart
    }
}
