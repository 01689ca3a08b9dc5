import DuoPlatform

/// Where the regions overlay (G) puts each region's label: on or beside its
/// region, inside the scene, and never over a HUD element or another label,
/// so the overlay names the reserved regions without hiding what the HUD says.
/// Pure: the painter measures the labels, this picks their places.
enum RegionLabelPlacement {
    /// How far a label's box reaches past its text: 3 points across, 1 down (the dark backing).
    static let padding = (x: 3.0, y: 1.0)
    /// The step, in points, at which places along a region's edge are tried.
    static let step = 4.0

    /// The backing box of a label whose text starts at `origin`.
    static func box(origin: Point, size: Size) -> Rect {
        Rect(x: origin.x - padding.x, y: origin.y - padding.y, width: size.width + 2 * padding.x, height: size.height + 2 * padding.y)
    }

    /// Where a label of `size` for `region` starts (nil: no free place; the region's outline alone shows it).
    /// It goes inside its region when the region holds it, else beside it (after, before, below,
    /// above, each slid along the region's edge); the first place inside the scene that covers
    /// none of `taken` (the HUD elements' frames, the labels placed before) wins.
    static func place(_ region: Rect, size: Size, in scene: Size, avoiding taken: [Rect]) -> Point? {
        candidates(for: region, size: size).first { origin in
            let box = box(origin: origin, size: size)
            return box.minX >= 0 && box.minY >= 0 && box.maxX <= scene.width && box.maxY <= scene.height
                && !taken.contains { crosses($0, box) }
        }
    }

    /// The free place nearest `region` anywhere in the scene, for a label no place by its region holds
    /// (a small camera ringed by the HUD): the painter joins it to its region with a line.
    static func nearestFreePlace(to region: Rect, size: Size, in scene: Size, avoiding taken: [Rect]) -> Point? {
        var best: (origin: Point, distance: Double)?
        for y in stride(from: padding.y, through: scene.height - size.height - padding.y, by: step) {
            for x in stride(from: padding.x, through: scene.width - size.width - padding.x, by: step) {
                let origin = Point(x: x, y: y)
                let box = box(origin: origin, size: size)
                let dx = max(region.minX - box.maxX, box.minX - region.maxX, 0)
                let dy = max(region.minY - box.maxY, box.minY - region.maxY, 0)
                let distance = dx * dx + dy * dy
                if let best, best.distance <= distance { continue }
                if taken.contains(where: { crosses($0, box) }) { continue }
                best = (origin, distance)
            }
        }
        return best?.origin
    }

    /// The places tried for a label of `size` by `region`, best first.
    static func candidates(for region: Rect, size: Size) -> [Point] {
        var spots: [Point] = []
        let gap = 4.0
        if region.width >= size.width + 2 * (padding.x + 2) && region.height >= size.height + 2 * (padding.y + 1) {
            spots.append(Point(x: region.midX - size.width / 2, y: region.midY - size.height / 2))
            spots.append(Point(x: region.minX + padding.x + 4, y: region.midY - size.height / 2))
        }
        // Along each edge, every few points from the region's start to its end, and on past its
        // corners by a label's length (a small camera's neighbours may leave room only there).
        let ys = stride(from: region.minY - size.height, through: region.maxY, by: step)
        let xs = stride(from: region.minX - size.width / 2, through: max(region.minX, region.maxX - size.width / 2), by: step)
        for y in ys { spots.append(Point(x: region.maxX + gap, y: y)) }
        for y in ys { spots.append(Point(x: region.minX - size.width - gap, y: y)) }
        for x in xs { spots.append(Point(x: x, y: region.maxY + gap)) }
        for x in xs { spots.append(Point(x: x, y: region.minY - size.height - gap)) }
        return spots
    }

    /// Whether two boxes share more than half a point each way.
    static func crosses(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > 0.5 && min(a.maxY, b.maxY) - max(a.minY, b.minY) > 0.5
    }
}
