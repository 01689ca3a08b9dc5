/// Places a primary and a secondary view in a container, around the fold
/// (docs/SPEC.md section 4). A pure function of the container's ``LayoutContext``: it reads
/// the reserved regions, never the hinge.
///
/// ```swift
/// let layout = try Arrangement(style: .split).layout(in: context)
/// draw(board, in: layout.primary)   // nil when not shown
/// draw(log, in: layout.secondary)
/// ```
public struct Arrangement: Hashable, Sendable {
    /// How the two views share the container.
    public enum Style: String, Codable, CaseIterable, Hashable, Sendable {
        /// Side by side or stacked, never overlapping, the boundary at the fold.
        case split
        /// Primary drawn over secondary, moving apart to the two sides of an active fold.
        case overlay
    }

    /// The directions the views may be placed along.
    public struct Axes: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// Makes axes from bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Side by side (a vertical boundary).
        public static let horizontal = Axes(rawValue: 1 << 0)
        /// Stacked, one above the other (a horizontal boundary).
        public static let vertical = Axes(rawValue: 1 << 1)
        /// Both directions.
        public static let both: Axes = [.horizontal, .vertical]
    }

    /// An edge of the container a view prefers, in layout terms.
    public enum Edge: String, Codable, CaseIterable, Hashable, Sendable {
        /// The top half (the upright half in tabletop).
        case top
        /// The bottom half (the flat half in tabletop).
        case bottom
        /// The leading half.
        case leading
        /// The trailing half.
        case trailing
    }

    /// Split (the default) or overlay.
    public var style: Style
    /// The directions allowed (both by default).
    public var axes: Axes
    /// Whether the secondary view is hidden: the primary then keeps its
    /// place beside the fold rather than re-centring.
    public var isSecondaryHidden: Bool
    /// The side the primary prefers when an overlay moves apart around the
    /// fold; wins over ``secondaryEdge``. Edges across the fold's axis are ignored.
    public var primaryEdge: Edge?
    /// The side the secondary prefers when an overlay moves apart around the fold.
    public var secondaryEdge: Edge?

    /// Makes an arrangement.
    public init(
        style: Style = .split, axes: Axes = .both, isSecondaryHidden: Bool = false,
        primaryEdge: Edge? = nil, secondaryEdge: Edge? = nil
    ) {
        self.style = style
        self.axes = axes
        self.isSecondaryHidden = isSecondaryHidden
        self.primaryEdge = primaryEdge
        self.secondaryEdge = secondaryEdge
    }

    /// The frames of the two views in a container.
    ///
    /// - Parameters:
    ///   - context: the container's context.
    ///   - layoutDirectionBehavior: `.mirrors` gives frames in layout
    ///     coordinates (x from the leading edge, as the context's regions);
    ///     `.fixed` gives them from the left edge.
    /// - Throws: ``ArrangementError/insideScrollingContainer`` when the
    ///   container scrolls: part of the arrangement could become unreachable.
    public func layout(
        in context: LayoutContext, layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors
    ) throws(ArrangementError) -> ArrangementLayout {
        guard !context.isInsideScrollingContainer else { throw .insideScrollingContainer }
        let fold = context.reservedRegions(kind: .division, options: .includeInactive, layoutDirectionBehavior: .mirrors).first
        var result =
            switch style {
            case .split: split(in: context.size, fold: fold, isCover: context.isCoverDisplay)
            case .overlay: overlay(in: context.size, fold: fold)
            }
        if context.layoutDirection == .rightToLeft && layoutDirectionBehavior == .fixed {
            let width = context.size.width
            result.primary = result.primary?.mirroredHorizontally(inWidth: width)
            result.secondary = result.secondary?.mirroredHorizontally(inWidth: width)
        }
        return result
    }

    // MARK: - Split

    private func split(in size: Size, fold: ReservedRegion?, isCover: Bool) -> ArrangementLayout {
        let bounds = Rect(size: size)
        if isCover && size.isWiderThanTall {
            // A closed foldable held in landscape is too small for two views.
            return ArrangementLayout(style: .split, primary: bounds, secondary: nil)
        }
        if let fold, fold.isActive {
            // An active division always decides the axis: nobody crosses it.
            let sides = Sides(around: fold.frame, in: size)
            let allowed = axes.contains(sides.axis)
            let (leading, trailing) = (sides.leading, sides.trailing)
            switch (leading, trailing) {
            case (let leading?, let trailing?):
                let showSecondary = allowed && !isSecondaryHidden
                return ArrangementLayout(style: .split, primary: leading, secondary: showSecondary ? trailing : nil)
            case (let only?, nil), (nil, let only?):
                // The container holds room on one side of the band only.
                return ArrangementLayout(style: .split, primary: only, secondary: nil)
            case (nil, nil):
                return ArrangementLayout(style: .split, primary: nil, secondary: nil)
            }
        }
        // No fold, or a flat one: the axis follows the container's shape.
        let preferred: Axes = size.isTallerThanWide ? .vertical : .horizontal
        let axis: Axes
        if axes.contains(preferred) {
            axis = preferred
        } else if axes.contains(.horizontal) {
            axis = .horizontal
        } else if axes.contains(.vertical) {
            axis = .vertical
        } else {
            return ArrangementLayout(style: .split, primary: bounds, secondary: nil)
        }
        let length = axis == .horizontal ? size.width : size.height
        var boundary = length / 2
        var hasFoldBoundary = false
        if let fold {
            let line = axis == .horizontal ? fold.frame.midX : fold.frame.midY
            let crossesAxis = axis == .horizontal ? fold.frame.height >= fold.frame.width : fold.frame.width > fold.frame.height
            if crossesAxis && line > 0 && line < length {
                boundary = line
                hasFoldBoundary = true
            }
        }
        let first: Rect
        let second: Rect
        if axis == .horizontal {
            first = Rect(x: 0, y: 0, width: boundary, height: size.height)
            second = Rect(x: boundary, y: 0, width: size.width - boundary, height: size.height)
        } else {
            first = Rect(x: 0, y: 0, width: size.width, height: boundary)
            second = Rect(x: 0, y: boundary, width: size.width, height: size.height - boundary)
        }
        if isSecondaryHidden {
            // Beside the fold it stays put; with no fold it takes the whole container.
            return ArrangementLayout(style: .split, primary: hasFoldBoundary ? first : bounds, secondary: nil)
        }
        return ArrangementLayout(style: .split, primary: first, secondary: second)
    }

    // MARK: - Overlay

    private func overlay(in size: Size, fold: ReservedRegion?) -> ArrangementLayout {
        let bounds = Rect(size: size)
        guard let fold, fold.isActive else {
            return .stacked(in: bounds, secondaryHidden: isSecondaryHidden)
        }
        let sides = Sides(around: fold.frame, in: size)
        guard axes.contains(sides.axis) else {
            return .stacked(in: bounds, secondaryHidden: isSecondaryHidden)
        }
        // Defaults: a vertical fold puts the primary trailing; a horizontal
        // one (tabletop) puts it on the flat lower half, under the thumbs.
        var primaryOnSecondSide = true
        let (firstEdge, secondEdge): (Edge, Edge) = sides.axis == .horizontal ? (.leading, .trailing) : (.top, .bottom)
        if primaryEdge == firstEdge {
            primaryOnSecondSide = false
        } else if primaryEdge == secondEdge {
            primaryOnSecondSide = true
        } else if secondaryEdge == secondEdge {
            primaryOnSecondSide = false
        } else if secondaryEdge == firstEdge {
            primaryOnSecondSide = true
        }
        let primarySide = primaryOnSecondSide ? sides.trailing : sides.leading
        let secondarySide = primaryOnSecondSide ? sides.leading : sides.trailing
        switch (primarySide, secondarySide) {
        case (let primary?, let secondary?):
            return ArrangementLayout(style: .overlay, primary: primary, secondary: isSecondaryHidden ? nil : secondary)
        case (let only?, nil), (nil, let only?):
            return ArrangementLayout(style: .overlay, primary: only, secondary: nil)
        case (nil, nil):
            return ArrangementLayout(style: .overlay, primary: nil, secondary: nil)
        }
    }
}

/// The room on each side of an active fold band inside a container.
private struct Sides {
    /// `.horizontal` when the band runs top to bottom (views side by side).
    let axis: Arrangement.Axes
    /// The leading (or top) room, nil when there is none.
    let leading: Rect?
    /// The trailing (or bottom) room, nil when there is none.
    let trailing: Rect?

    init(around band: Rect, in size: Size) {
        if band.height >= band.width {
            axis = .horizontal
            let end = min(max(band.minX, 0), size.width)
            let start = min(max(band.maxX, 0), size.width)
            leading = end > 0 ? Rect(x: 0, y: 0, width: end, height: size.height) : nil
            trailing = start < size.width ? Rect(x: start, y: 0, width: size.width - start, height: size.height) : nil
        } else {
            axis = .vertical
            let end = min(max(band.minY, 0), size.height)
            let start = min(max(band.maxY, 0), size.height)
            leading = end > 0 ? Rect(x: 0, y: 0, width: size.width, height: end) : nil
            trailing = start < size.height ? Rect(x: 0, y: start, width: size.width, height: size.height - start) : nil
        }
    }
}
