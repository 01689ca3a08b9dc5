import Testing

@testable import DuoPlatform

/// Builds simulated devices with their cameras, and reads synthetic frames
/// back by their pixels alone (no use of the geometry that made them).
enum CameraTesting {
    /// The shipped rigs.
    static func duoRig() throws -> CameraRig { try CameraRig.for(try TestProfiles.duo()) }
    static func classicRig() throws -> CameraRig { try CameraRig.for(try TestProfiles.classic()) }

    /// A duo in `posture` (turned to `orientation` when given) and its camera system.
    static func duo(_ posture: Posture, orientation: DeviceOrientation? = nil) throws -> (SimulatedDevice, CameraSystem) {
        let device = SimulatedDevice(profile: try TestProfiles.duo(), posture: posture)
        if let orientation { device.setOrientation(orientation) }
        return (device, try CameraSystem(device: device, rig: try duoRig()))
    }

    /// The four hinge postures the facing table covers on top of `closed`.
    static let openPostures: [Posture] = [.flat, .book, .tent, .tabletop]

    /// Where the marker's apex points: from the centroid of the marker's
    /// pixels toward the middle of their bounding box (a triangle's centroid
    /// lies a third of the way up from its base). Nil without a marker.
    static func markerDirection(_ frame: CameraFrame) -> ImageDirection? {
        guard let (centroid, box) = blob(of: SyntheticScene.marker, in: frame) else { return nil }
        return dominant(dx: (box.minX + box.maxX) / 2 - centroid.x, dy: (box.minY + box.maxY) / 2 - centroid.y)
    }

    /// The side of the frame the sky is on (the centroid of sky pixels from the middle).
    static func skySide(_ frame: CameraFrame) -> ImageDirection? {
        guard let (centroid, _) = blob(of: SyntheticScene.sky, in: frame) else { return nil }
        return dominant(dx: centroid.x - Double(frame.width) / 2, dy: centroid.y - Double(frame.height) / 2)
    }

    /// Whether the sun is on the left or right half of a frame whose sky is on top.
    static func sunSide(_ frame: CameraFrame) -> ImageDirection? {
        guard let (centroid, _) = blob(of: SyntheticScene.sun, in: frame) else { return nil }
        return centroid.x < Double(frame.width) / 2 ? .left : .right
    }

    /// How many pixels have `color`.
    static func count(_ color: RGBAColor, in frame: CameraFrame) -> Int {
        var total = 0
        forEachPixel(of: color, in: frame) { _, _ in total += 1 }
        return total
    }

    private static func blob(of color: RGBAColor, in frame: CameraFrame) -> (
        (x: Double, y: Double), (minX: Double, minY: Double, maxX: Double, maxY: Double)
    )? {
        var sumX = 0.0
        var sumY = 0.0
        var n = 0.0
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        forEachPixel(of: color, in: frame) { x, y in
            let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
            sumX += px
            sumY += py
            n += 1
            minX = min(minX, px)
            minY = min(minY, py)
            maxX = max(maxX, px)
            maxY = max(maxY, py)
        }
        guard n > 0 else { return nil }
        return ((sumX / n, sumY / n), (minX, minY, maxX, maxY))
    }

    /// Calls `body` with (x, y) of every pixel of `color`, row by row: the bytes compared in place
    /// (a debug build spends seconds on a `color(x:y:)` call per pixel over the tests' frames).
    private static func forEachPixel(of color: RGBAColor, in frame: CameraFrame, _ body: (Int, Int) -> Void) {
        let (red, green, blue, alpha) = (color.red, color.green, color.blue, color.alpha)
        frame.pixels.withUnsafeBufferPointer { bytes in
            var offset = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    if bytes[offset] == red && bytes[offset + 1] == green && bytes[offset + 2] == blue && bytes[offset + 3] == alpha {
                        body(x, y)
                    }
                    offset += 4
                }
            }
        }
    }

    private static func dominant(dx: Double, dy: Double) -> ImageDirection? {
        guard max(abs(dx), abs(dy)) > 0.5 else { return nil }
        if abs(dy) >= abs(dx) { return dy < 0 ? .up : .down }
        return dx > 0 ? .right : .left
    }
}
