import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import DuoTestSupport
import Foundation
import TabletopEngine

/// Reads the synthetic camera scene back from pixels alone (no use of the
/// geometry that made them): where the marker's apex points, which side the
/// sky and the sun are on. Works on camera frames, rendered frames and PNGs.
enum VictoryPhotoTesting {
    /// Which way something lies in a picture.
    enum Side: Equatable { case up, down, left, right }

    /// A picture to read: its size and the colour at a pixel.
    struct Picture {
        let width: Int
        let height: Int
        let color: (Int, Int) -> (red: Int, green: Int, blue: Int)
        /// The region read (pixels), default the whole picture.
        var region: (minX: Int, minY: Int, maxX: Int, maxY: Int)

        init(width: Int, height: Int, region: (Int, Int, Int, Int)? = nil, color: @escaping (Int, Int) -> (red: Int, green: Int, blue: Int)) {
            self.width = width
            self.height = height
            self.color = color
            self.region = region.map { (max(0, $0.0), max(0, $0.1), min(width, $0.2), min(height, $0.3)) } ?? (0, 0, width, height)
        }

        init(_ frame: CameraFrame) {
            self.init(width: frame.width, height: frame.height) { x, y in
                let c = frame.color(x: x, y: y)
                return (Int(c.red), Int(c.green), Int(c.blue))
            }
        }

        init(_ image: PixelImage, region: Rect? = nil) {
            self.init(
                width: image.width, height: image.height,
                region: region.map {
                    (Int($0.minX.rounded(.up)), Int($0.minY.rounded(.up)), Int($0.maxX.rounded(.down)), Int($0.maxY.rounded(.down)))
                }
            ) { x, y in
                let c = image.pixel(x: x, y: y)
                return (Int(c.red), Int(c.green), Int(c.blue))
            }
        }

        init(_ image: PNGImage) {
            self.init(width: image.width, height: image.height) { x, y in
                let c = image.pixel(x: x, y: y)
                return (Int(c.red), Int(c.green), Int(c.blue))
            }
        }
    }

    /// What the synthetic scene is made of, recognised by hue so shading,
    /// glare and scaling on screen do not hide it.
    enum Part {
        case marker, sun, sky

        func matches(_ c: (red: Int, green: Int, blue: Int)) -> Bool {
            let high = max(c.red, c.green, c.blue)
            let low = min(c.red, c.green, c.blue)
            switch self {
            case .marker: return low > 140 && high - low < 40
            case .sun: return c.red > 140 && c.green > c.red * 6 / 10 && c.blue < c.red * 4 / 10
            case .sky: return c.blue > c.red + 60 && c.blue > c.green + 30
            }
        }
    }

    /// Centroid and bounding box of the pixels that are `part`.
    static func blob(_ part: Part, in picture: Picture) -> (
        cx: Double, cy: Double, minX: Double, minY: Double, maxX: Double, maxY: Double, count: Int
    )? {
        var sx = 0.0
        var sy = 0.0
        var n = 0
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        let r = picture.region
        for y in r.minY..<r.maxY {
            for x in r.minX..<r.maxX where part.matches(picture.color(x, y)) {
                let px = Double(x) + 0.5
                let py = Double(y) + 0.5
                sx += px
                sy += py
                n += 1
                minX = min(minX, px)
                minY = min(minY, py)
                maxX = max(maxX, px)
                maxY = max(maxY, py)
            }
        }
        guard n > 20 else { return nil }
        return (sx / Double(n), sy / Double(n), minX, minY, maxX, maxY, n)
    }

    static func dominant(dx: Double, dy: Double) -> Side? {
        guard max(abs(dx), abs(dy)) > 0.5 else { return nil }
        if abs(dy) >= abs(dx) { return dy < 0 ? .up : .down }
        return dx > 0 ? .right : .left
    }

    /// Where the marker's apex points: a triangle's centroid lies a third of
    /// the way from its base, so the middle of its box is toward the apex.
    static func marker(_ picture: Picture) -> Side? {
        guard let b = blob(.marker, in: picture) else { return nil }
        return dominant(dx: (b.minX + b.maxX) / 2 - b.cx, dy: (b.minY + b.maxY) / 2 - b.cy)
    }

    /// Which side of the marker the sun is on (left or right, in a level picture).
    static func sunSide(_ picture: Picture) -> Side? {
        guard let sun = blob(.sun, in: picture), let marker = blob(.marker, in: picture) else { return nil }
        return sun.cx < marker.cx ? .left : .right
    }

    /// Which side of the marker the sky is on.
    static func skySide(_ picture: Picture) -> Side? {
        guard let sky = blob(.sky, in: picture), let marker = blob(.marker, in: picture) else { return nil }
        return dominant(dx: sky.cx - marker.cx, dy: sky.cy - marker.cy)
    }

    /// A session of `mode` whose match is over, won by a person, with the victory photo open.
    static func wonSession(
        _ posture: Posture = .tabletop, profile: String = "duo", mode: DesktopFixtures.Mode = .passAndPlay,
        folder: URL? = nil
    ) -> DesktopSession {
        let session = DesktopFixtures.session(posture, profile: profile, mode: mode)
        session.victoryPhotos.cameraAssets = DesktopFixtures.assets
        if let folder { session.victoryPhotos.writer.folder = folder }
        session.playDemoTurns(500)
        return session
    }

    /// A temporary folder, made now.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("duo-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
