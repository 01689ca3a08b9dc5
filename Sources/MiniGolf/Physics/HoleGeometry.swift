/// One hole compiled for the physics: every wall as a segment, every
/// surface as an area, in fixed-point units.
public struct HoleGeometry: Sendable, Equatable {
    /// Where balls start.
    public let tee: CourseVector
    /// The centre of the cup.
    public let cup: CourseVector
    /// The outline of the playing area (a ball whose centre leaves it is out of bounds).
    public let boundary: CourseArea
    /// Every wall: the boundary's edges, then the obstacles' segments, in data order.
    public let walls: [WallSegment]
    /// Sand traps.
    public let sand: [CourseArea]
    /// Water hazards.
    public let water: [CourseArea]
    /// Slopes.
    public let slopes: [SlopeArea]

    /// Compiles a hole's data with the course's tick rate (for slope pulls).
    public init(_ layout: HoleLayout, ticksPerSecond: Int) {
        tee = layout.tee.vector
        cup = layout.cup.vector
        let corners = layout.boundary.map(\.vector)
        boundary = CourseArea(polygon: corners)
        var walls: [WallSegment] = []
        for index in corners.indices {
            walls.append(WallSegment(from: corners[index], to: corners[(index + 1) % corners.count]))
        }
        for line in layout.walls {
            for index in line.indices.dropLast() {
                walls.append(WallSegment(from: line[index].vector, to: line[index + 1].vector))
            }
        }
        self.walls = walls
        sand = layout.sand.map(CourseArea.init)
        water = layout.water.map(CourseArea.init)
        let tps = Int64(ticksPerSecond)
        slopes = layout.slopes.map { slope in
            SlopeArea(
                area: CourseArea(slope.area),
                pull: CourseVector(
                    x: PhysicsConstants.acceleration(slope.fall.x, tps),
                    y: PhysicsConstants.acceleration(slope.fall.y, tps)))
        }
    }

    /// The distance from `point` to the nearest wall, rounded down.
    public func clearance(at point: CourseVector) -> Int64 {
        var nearest = Int64.max
        for wall in walls {
            nearest = min(nearest, (point - wall.closestPoint(to: point)).lengthSquared)
        }
        return FixedMath.squareRoot(nearest)
    }

    /// Whether `point` is in the playing area and out of the water.
    public func isPlayable(_ point: CourseVector) -> Bool {
        boundary.contains(point) && !water.contains { $0.contains(point) }
    }
}
