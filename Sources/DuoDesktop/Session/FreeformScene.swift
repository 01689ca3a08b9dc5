import DuoPlatform

/// The `--freeform` scene: the window's own size instead of the device's,
/// with the device's reserved regions carried over so layouts can be tried
/// at any size. Hardware keeps its size (a fold band stays 32 pt thick, a
/// camera 38 pt); its position scales, and a region touching an edge stays
/// on that edge.
public enum FreeformScene {
    /// The layout context of a freeform scene of `size` for the device in `state`.
    public static func context(for state: DeviceState, size: Size) -> LayoutContext {
        let original = state.sceneSize
        let regions = state.sceneRegions.map { region -> ReservedRegion in
            var moved = region
            let x = place(region.frame.minX, region.frame.width, in: original.width, to: size.width)
            let y = place(region.frame.minY, region.frame.height, in: original.height, to: size.height)
            moved.frame = Rect(x: x.start, y: y.start, width: x.length, height: y.length)
            return moved
        }
        return LayoutContext(
            size: size, layoutDirection: state.layoutDirection, regions: regions,
            display: state.display, isCoverDisplay: state.profile.isCoverDisplay(state.display))
    }

    /// One axis of a region: spanning stays spanning, an edge stays an edge, else the centre scales.
    static func place(_ start: Double, _ length: Double, in old: Double, to new: Double) -> (start: Double, length: Double) {
        let epsilon = 0.001
        if start <= epsilon && start + length >= old - epsilon { return (0, new) }
        if start <= epsilon { return (start, length) }
        if start + length >= old - epsilon { return (new - (old - start), length) }
        let centre = (start + length / 2) / max(old, 1) * new
        return (centre - length / 2, length)
    }
}
