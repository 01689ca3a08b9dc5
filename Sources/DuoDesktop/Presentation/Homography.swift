/// A projective map of the plane (a 3 x 3 matrix up to scale): how a flat
/// panel texture is drawn as a tilted panel with correct perspective.
public struct Homography: Sendable, Equatable {
    /// Row-major matrix entries; the last is not forced to 1.
    public var m: [Double]

    /// The map sending the unit square's corners (0,0), (1,0), (1,1), (0,1)
    /// to `corners` in that order (Heckbert's square-to-quad closed form).
    public init(unitSquareTo corners: [(x: Double, y: Double)]) {
        precondition(corners.count == 4, "a quadrilateral has four corners")
        let (x0, y0) = corners[0]
        let (x1, y1) = corners[1]
        let (x2, y2) = corners[2]
        let (x3, y3) = corners[3]
        let sx = x0 - x1 + x2 - x3
        let sy = y0 - y1 + y2 - y3
        if abs(sx) < 1e-12 && abs(sy) < 1e-12 {
            // A parallelogram: the map is affine.
            m = [
                x1 - x0, x3 - x0, x0,
                y1 - y0, y3 - y0, y0,
                0, 0, 1,
            ]
            return
        }
        let dx1 = x1 - x2
        let dx2 = x3 - x2
        let dy1 = y1 - y2
        let dy2 = y3 - y2
        let denominator = dx1 * dy2 - dx2 * dy1
        let g = (sx * dy2 - dx2 * sy) / denominator
        let h = (dx1 * sy - sx * dy1) / denominator
        m = [
            x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
            y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
            g, h, 1,
        ]
    }

    /// The inverse map (from the quadrilateral back to the unit square), or nil when degenerate.
    public var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let determinant = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(determinant) > 1e-12 else { return nil }
        // The adjugate is the inverse up to scale, which a homography ignores.
        return Homography(matrix: [
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d,
        ])
    }

    private init(matrix: [Double]) { m = matrix }

    /// Where the map sends (`u`, `v`).
    public func apply(u: Double, v: Double) -> (x: Double, y: Double) {
        let w = m[6] * u + m[7] * v + m[8]
        return ((m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w)
    }
}
