import DuoPlatform

/// The largest rectangle inside an area that overlaps none of a set of
/// obstacles: how the HUD keeps clear of cameras and status areas.
///
/// Every maximal empty rectangle has its edges on the area's edges or the
/// obstacles' edges, so trying every pair of candidate edges on each axis
/// finds the largest exactly. With a handful of obstacles that is a few
/// hundred checks.
enum FreeRectangle {
    /// The largest part of `area` clear of every obstacle (touching is fine).
    /// Ties go to the candidate met first (lowest edges), so the answer is stable.
    static func largest(in area: Rect, avoiding obstacles: [Rect]) -> Rect {
        let blocking = obstacles.filter { $0.intersects(area) }
        guard !blocking.isEmpty else { return area }
        let xs = edges(area.minX, area.maxX, blocking.flatMap { [$0.minX, $0.maxX] })
        let ys = edges(area.minY, area.maxY, blocking.flatMap { [$0.minY, $0.maxY] })
        var best = Rect(x: area.minX, y: area.minY, width: 0, height: 0)
        for (i, x0) in xs.enumerated() {
            for x1 in xs[(i + 1)...] {
                for (j, y0) in ys.enumerated() {
                    for y1 in ys[(j + 1)...] {
                        let candidate = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                        guard candidate.area > best.area else { continue }
                        if !blocking.contains(where: { $0.intersects(candidate) }) {
                            best = candidate
                        }
                    }
                }
            }
        }
        return best
    }

    private static func edges(_ low: Double, _ high: Double, _ inner: [Double]) -> [Double] {
        var values = Set([low, high])
        for value in inner where value > low && value < high { values.insert(value) }
        return values.sorted()
    }
}
