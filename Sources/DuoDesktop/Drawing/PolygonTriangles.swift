/// The triangles a convex polygon is filled with, as SDL's software renderer draws them.
///
/// That renderer rasterises each triangle by testing every pixel of its bounding box, so a
/// fan from one corner (every triangle reaching across the polygon) tests the polygon's box
/// again for nearly every triangle. A sweep from the top edge down keeps each triangle to a
/// band of the polygon. Both give the very same pixels when the polygon is convex on the
/// whole pixels SDL moves its corners to (it truncates them): each pixel centre inside is then
/// inside exactly one triangle either way, SDL's top-left rule deciding the ones on an edge
/// the same way for whichever triangle holds that edge. The sweep is only used then, and only
/// when SDL draws every triangle of both as a triangle: it redraws two neighbouring triangles
/// that make an axis-aligned rectangle as a filled rectangle, rounded its own way.
enum PolygonTriangles {
    /// One triangle: three indices into the polygon's corners.
    typealias Triangle = (Int, Int, Int)

    /// The fan from corner 0.
    static func fan(count: Int) -> [Triangle] {
        count < 3 ? [] : (1..<(count - 1)).map { (0, $0, $0 + 1) }
    }

    /// The triangles to fill `points` (window pixels, in order round the polygon) with: the sweep
    /// where it gives the fan's pixels (see the type's notes), else the fan.
    static func triangles(for points: [SIMD2<Float>]) -> [Triangle] {
        let fan = fan(count: points.count)
        guard points.count >= 5, isConvexOnWholePixels(points), !rendererMergesRectangles(fan, points: points) else { return fan }
        let sweep = sweep(points)
        return rendererMergesRectangles(sweep, points: points) ? fan : sweep
    }

    /// A convex polygon cut from the top down: each triangle joins the front (the diagonal
    /// between the two sides so far) to the next corner of the side that reaches less far down.
    /// Every other triangle first, then the rest, so that no two triangles in a row share an
    /// edge (SDL only merges such neighbours into rectangles).
    static func sweep(_ points: [SIMD2<Float>]) -> [Triangle] {
        let count = points.count
        let top = points.indices.min { (points[$0].y, points[$0].x) < (points[$1].y, points[$1].x) } ?? 0
        func next(_ index: Int) -> Int { (index + 1) % count }
        func previous(_ index: Int) -> Int { (index + count - 1) % count }
        var left = next(top)
        var right = previous(top)
        var triangles: [Triangle] = [(top, left, right)]
        for _ in 0..<(count - 3) {
            if points[next(left)].y <= points[previous(right)].y {
                triangles.append((left, next(left), right))
                left = next(left)
            } else {
                triangles.append((left, previous(right), right))
                right = previous(right)
            }
        }
        return stride(from: 0, to: triangles.count, by: 2).map { triangles[$0] }
            + stride(from: 1, to: triangles.count, by: 2).map { triangles[$0] }
    }

    /// Whether the polygon, its corners truncated to whole pixels as SDL does, is convex: every
    /// corner on the inner side of (or on) every edge, and not flat.
    static func isConvexOnWholePixels(_ points: [SIMD2<Float>]) -> Bool {
        guard points.allSatisfy({ abs($0.x) < 1e7 && abs($0.y) < 1e7 }) else { return false }
        let corners = points.map { (x: Int64(Int32($0.x)), y: Int64(Int32($0.y))) }
        var area: Int64 = 0
        for index in corners.indices {
            let a = corners[index]
            let b = corners[(index + 1) % corners.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0 else { return false }
        for index in corners.indices {
            let a = corners[index]
            let b = corners[(index + 1) % corners.count]
            for c in corners {
                let side = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
                if area > 0 ? side < 0 : side > 0 { return false }
            }
        }
        return true
    }

    /// Whether SDL's software renderer (`SDL_RenderGeometry` without indices) would draw two
    /// neighbouring triangles of `triangles` as one filled rectangle (a rectangle among its
    /// ``rendererPieces(_:points:)``).
    static func rendererMergesRectangles(_ triangles: [Triangle], points: [SIMD2<Float>]) -> Bool {
        rendererPieces(triangles, points: points).contains { piece in
            if case .rectangle = piece { true } else { false }
        }
    }

    /// What SDL's software renderer draws for `triangles` of `points` given to `SDL_RenderGeometry`
    /// (corners one after the other, no indices): each triangle, or a rectangle for two in a row
    /// that its test finds make one (see ``rendererMergesRectangles(_:points:)``), in its order.
    enum Piece: Equatable {
        /// A triangle: three indices into the points.
        case triangle(Int, Int, Int)
        /// A filled rectangle from the top-left corner to the bottom-right one (indices into the points).
        case rectangle(topLeft: Int, bottomRight: Int)
    }

    /// The pieces SDL draws for `triangles`, step by step as `SDL_SW_RenderGeometryRaw` takes them:
    /// a corner at the same place as one of the previous triangle's counts as that corner.
    static func rendererPieces(_ triangles: [Triangle], points: [SIMD2<Float>]) -> [Piece] {
        var pieces: [Piece] = []
        var previous: [Int]?
        for triangle in triangles {
            var current = [triangle.0, triangle.1, triangle.2]
            guard let before = previous else {
                previous = current
                continue
            }
            for slot in 0..<3 {
                if let same = before.first(where: { points[$0] == points[current[slot]] }) { current[slot] = same }
            }
            if before.filter({ current.contains($0) }).count == 2, let corners = rectangle(current, before, points) {
                pieces.append(.rectangle(topLeft: corners.topLeft, bottomRight: corners.bottomRight))
                previous = nil
            } else {
                pieces.append(.triangle(before[0], before[1], before[2]))
                previous = current
            }
        }
        if let last = previous { pieces.append(.triangle(last[0], last[1], last[2])) }
        return pieces
    }

    /// SDL's test that two triangles sharing an edge are an axis-aligned rectangle: its top-left
    /// and bottom-right corners when they are.
    private static func rectangle(_ current: [Int], _ before: [Int], _ points: [SIMD2<Float>]) -> (topLeft: Int, bottomRight: Int)? {
        let (k0, k1, k2) = (current[0], current[1], current[2])
        let (p0, p1, p2) = (points[k0], points[k1], points[k2])
        let topLeft: Int
        if p0.x <= p1.x && p0.y <= p1.y {
            topLeft = p0.x <= p2.x && p0.y <= p2.y ? k0 : k2
        } else {
            topLeft = p1.x <= p2.x && p1.y <= p2.y ? k1 : k2
        }
        let bottomRight: Int
        if p0.x >= p1.x && p0.y >= p1.y {
            bottomRight = p0.x >= p2.x && p0.y >= p2.y ? k0 : k2
        } else {
            bottomRight = p1.x >= p2.x && p1.y >= p2.y ? k1 : k2
        }
        func other(_ triangle: [Int]) -> Int {
            triangle[0] != topLeft && triangle[0] != bottomRight
                ? triangle[0] : (triangle[1] != topLeft && triangle[1] != bottomRight ? triangle[1] : triangle[2])
        }
        let a = points[topLeft]
        let b = points[bottomRight]
        func isCorner(_ c: SIMD2<Float>) -> Bool { (a.x == c.x && b.y == c.y) || (a.y == c.y && b.x == c.x) }
        return isCorner(points[other(current)]) && isCorner(points[other(before)]) ? (topLeft, bottomRight) : nil
    }
}
