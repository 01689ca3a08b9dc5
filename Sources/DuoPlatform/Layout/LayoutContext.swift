/// What a layout pass receives for one view: its size, the layout direction
/// and the reserved regions over it, and nothing else.
///
/// There is deliberately no way to reach the hinge from here: layout must
/// never depend on the hinge angle or status (docs/SPEC.md section 3), and a type that
/// cannot express it makes the mistake impossible rather than forbidden.
/// The regions are enough: an active division means the device is partially
/// folded, wherever it is.
///
/// Coordinates: a context's frames are in its view's coordinates, (0, 0)
/// at the top-leading corner. In a right-to-left layout with the default
/// `.mirrors` behaviour x counts from the right edge, both for the regions
/// it returns and for the subview frames given to ``context(for:layoutDirectionBehavior:)``.
public struct LayoutContext: Hashable, Sendable {
    /// The view's size in points.
    public let size: Size
    /// The layout direction of the content.
    public let layoutDirection: LayoutDirection
    /// The display the scene is on. Layout may use it like a size class;
    /// it says nothing about the hinge angle.
    public let display: DisplayKind
    /// Whether the scene is on a cover display (the outer display of a
    /// foldable), too small for two views side by side.
    public let isCoverDisplay: Bool
    /// Whether this view lies inside scrolling content (see ``scrollContentContext(for:layoutDirectionBehavior:)``).
    public let isInsideScrollingContainer: Bool
    /// Every region of the scene, active or not, in this view's coordinates
    /// left to right (never mirrored), whether it overlaps the view or not.
    private let regions: [ReservedRegion]

    /// A context for a view of `size` under `regions`, given in the view's
    /// own left-to-right coordinates (for tests and custom hosts; a device's
    /// scene context comes from ``DeviceState/layoutContext``).
    public init(
        size: Size, layoutDirection: LayoutDirection = .leftToRight, regions: [ReservedRegion] = [],
        display: DisplayKind = .inner, isCoverDisplay: Bool = false, isInsideScrollingContainer: Bool = false
    ) {
        self.size = size
        self.layoutDirection = layoutDirection
        self.regions = regions
        self.display = display
        self.isCoverDisplay = isCoverDisplay
        self.isInsideScrollingContainer = isInsideScrollingContainer
    }

    /// The view's bounds: its size at the origin.
    public var bounds: Rect { Rect(size: size) }

    /// The reserved regions that overlap this view, in its coordinates.
    ///
    /// - Parameters:
    ///   - kind: only regions of this kind; nil for every kind.
    ///   - options: `[]` for active regions only, `.includeInactive` to add
    ///     inactive ones (with `isActive == false`).
    ///   - layoutDirectionBehavior: `.mirrors` mirrors frames (and margins)
    ///     in a right-to-left layout; `.fixed` never does.
    /// - Returns: regions in scene order (the fold, then occlusions). A region
    ///   overlapping only in part keeps its whole frame (possibly at negative
    ///   coordinates); the zero-thickness flat fold counts when it lies inside
    ///   the view or on its edge.
    public func reservedRegions(
        kind: ReservedRegion.Kind? = nil,
        options: ReservedRegion.QueryOptions = [],
        layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors
    ) -> [ReservedRegion] {
        let mirror = mirrors(layoutDirectionBehavior)
        var result: [ReservedRegion] = []
        for region in regions {
            if let kind, region.kind != kind { continue }
            if !region.isActive && !options.contains(.includeInactive) { continue }
            guard region.overlapsView(of: size) else { continue }
            result.append(mirror ? mirrored(region) : region)
        }
        return result
    }

    /// The context of a subview at `frame` in this view's coordinates.
    /// The frame may run outside this view; regions are kept whatever they overlap.
    /// - Parameters:
    ///   - frame: the subview's frame in this view's layout coordinates.
    ///   - layoutDirectionBehavior: how `frame` is given: `.mirrors`
    ///     (x from the leading edge, as the regions of this context come) or
    ///     `.fixed` (x from the left edge).
    public func context(for frame: Rect, layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors) -> LayoutContext {
        subcontext(for: frame, layoutDirectionBehavior: layoutDirectionBehavior, scrolling: isInsideScrollingContainer)
    }

    /// The context of the content of a scrolling container, the content
    /// being at `frame` in this view's coordinates (its origin moved by the
    /// scroll offset, its size the whole content's). Everything laid out
    /// in it knows it scrolls: an ``Arrangement`` there is an error.
    public func scrollContentContext(for frame: Rect, layoutDirectionBehavior: LayoutDirectionBehavior = .mirrors) -> LayoutContext {
        subcontext(for: frame, layoutDirectionBehavior: layoutDirectionBehavior, scrolling: true)
    }

    private func subcontext(for frame: Rect, layoutDirectionBehavior: LayoutDirectionBehavior, scrolling: Bool) -> LayoutContext {
        let physical = mirrors(layoutDirectionBehavior) ? frame.mirroredHorizontally(inWidth: size.width) : frame
        let moved = regions.map { region in
            var region = region
            region.frame = region.frame.offsetBy(dx: -physical.minX, dy: -physical.minY)
            return region
        }
        return LayoutContext(
            size: physical.size, layoutDirection: layoutDirection, regions: moved,
            display: display, isCoverDisplay: isCoverDisplay, isInsideScrollingContainer: scrolling
        )
    }

    private func mirrors(_ behavior: LayoutDirectionBehavior) -> Bool {
        layoutDirection == .rightToLeft && behavior == .mirrors
    }

    private func mirrored(_ region: ReservedRegion) -> ReservedRegion {
        var region = region
        region.frame = region.frame.mirroredHorizontally(inWidth: size.width)
        region.margins = region.margins.mirroredHorizontally
        return region
    }
}
