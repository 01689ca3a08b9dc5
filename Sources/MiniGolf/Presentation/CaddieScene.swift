import DuoPlatform
import Foundation
import TabletopEngine

/// What a part of the caddie view is made of; the painter picks its colour.
public enum CaddieMaterial: Sendable, Hashable {
    /// Above the horizon.
    case sky
    /// The ground around the course.
    case rough
    /// The playing surface.
    case green
    /// A sloped part of the green.
    case slope
    /// A sand trap.
    case sand
    /// A water hazard.
    case water
    /// The cup.
    case cup
    /// A wall's face.
    case wall
    /// The flagstick.
    case pole
    /// The flag.
    case flag
    /// A player's ball.
    case ball(Seat)
}

/// One thing to draw in the caddie view, already projected, in drawing order.
public enum CaddieShape: Sendable, Hashable {
    /// A filled polygon.
    case polygon([Point], CaddieMaterial)
    /// A filled disc.
    case disc(center: Point, radius: Double, CaddieMaterial)
    /// A thick line.
    case line(from: Point, to: Point, width: Double, CaddieMaterial)
}

/// Builds the caddie view of a hole as a back-to-front list of shapes
/// (painter's algorithm): sky and rough, the flat surfaces, then walls,
/// flagstick and balls from the farthest to the nearest.
public enum CaddieScene {
    /// The height drawn for walls, cm.
    public static let wallHeight = 7.0
    /// The flagstick's height, cm.
    public static let poleHeight = 70.0

    /// The shapes of `hole` with `balls` (still on the hole) seen by `camera`.
    public static func shapes(
        hole: HoleLayout, physics: PhysicsSettings, balls: [(seat: Seat, position: CourseVector)],
        camera: CaddieCamera
    ) -> [CaddieShape] {
        let view = camera.viewport
        let horizon = min(view.maxY, max(view.minY, camera.horizonY))
        var shapes: [CaddieShape] = [
            .polygon(corners(Rect(x: view.minX, y: view.minY, width: view.width, height: horizon - view.minY)), .sky),
            .polygon(corners(Rect(x: view.minX, y: horizon, width: view.width, height: view.maxY - horizon)), .rough),
        ]
        func flat(_ outline: [(x: Double, y: Double)], _ material: CaddieMaterial) {
            let projected = camera.project(polygon: outline.map { ($0.x, $0.y, 0) })
            if !projected.isEmpty { shapes.append(.polygon(projected, material)) }
        }
        flat(hole.boundary.map { (Double($0.x), Double($0.y)) }, .green)
        for slope in hole.slopes { flat(outline(slope.area), .slope) }
        for trap in hole.sand { flat(outline(trap), .sand) }
        for pond in hole.water { flat(outline(pond), .water) }
        let cup = (x: Double(hole.cup.x), y: Double(hole.cup.y))
        flat(outline(.circle(x: hole.cup.x, y: hole.cup.y, radius: physics.cupRadius)), .cup)

        // Upright things, sorted far to near.
        var upright: [(distance: Double, shapes: [CaddieShape])] = []
        var segments: [((Double, Double), (Double, Double))] = []
        let boundary = hole.boundary.map { (Double($0.x), Double($0.y)) }
        for index in boundary.indices { segments.append((boundary[index], boundary[(index + 1) % boundary.count])) }
        for line in hole.walls {
            for index in line.indices.dropLast() {
                segments.append(((Double(line[index].x), Double(line[index].y)), (Double(line[index + 1].x), Double(line[index + 1].y))))
            }
        }
        for (a, b) in segments {
            let face = camera.project(polygon: [(a.0, a.1, 0), (b.0, b.1, 0), (b.0, b.1, wallHeight), (a.0, a.1, wallHeight)])
            guard !face.isEmpty else { continue }
            upright.append((distanceToSegment(camera, a, b), [.polygon(face, .wall)]))
        }
        if let foot = camera.project(x: cup.x, y: cup.y, z: 0), let top = camera.project(x: cup.x, y: cup.y, z: poleHeight) {
            var pole: [CaddieShape] = [.line(from: foot, to: top, width: 2, .pole)]
            let flag = camera.project(polygon: [
                (cup.x, cup.y, poleHeight), (cup.x + 18 * -camera.heading.y, cup.y + 18 * camera.heading.x, poleHeight - 7),
                (cup.x, cup.y, poleHeight - 14),
            ])
            if !flag.isEmpty { pole.append(.polygon(flag, .flag)) }
            upright.append((camera.distance(x: cup.x, y: cup.y), pole))
        }
        let radius = Double(physics.ballRadius)
        for ball in balls {
            let (x, y) = ball.position.centimetres
            let point = camera.cameraSpace(x: x, y: y, z: radius)
            guard point.forward >= CaddieCamera.nearDistance else { continue }
            let centre = camera.project(point)
            let onScreen = max(1.5, camera.focalLength * radius / point.forward)
            upright.append((camera.distance(x: x, y: y), [.disc(center: centre, radius: onScreen, .ball(ball.seat))]))
        }
        for item in upright.sorted(by: { $0.distance > $1.distance }) { shapes += item.shapes }
        return shapes
    }

    /// The outline of an area on the ground (circles as 32-gons).
    static func outline(_ shape: AreaShape) -> [(x: Double, y: Double)] {
        switch shape {
        case .circle(let x, let y, let radius):
            return (0..<32).map { index in
                let angle = Double(index) * 2 * .pi / 32
                return (Double(x) + Double(radius) * cos(angle), Double(y) + Double(radius) * sin(angle))
            }
        default:
            return (shape.corners ?? []).map { (Double($0.x), Double($0.y)) }
        }
    }

    static func corners(_ rect: Rect) -> [Point] {
        [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY),
        ]
    }

    /// The ground distance from the eye to the nearest point of a wall.
    static func distanceToSegment(_ camera: CaddieCamera, _ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (ex, ey) = (camera.eye.x, camera.eye.y)
        let (dx, dy) = (b.0 - a.0, b.1 - a.1)
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? max(0, min(1, ((ex - a.0) * dx + (ey - a.1) * dy) / lengthSquared)) : 0
        return hypot(a.0 + dx * t - ex, a.1 + dy * t - ey)
    }
}
