/// One hole of a course, as data: its outline, obstacles and surfaces.
///
/// Every edge of `boundary` is a wall (the course is closed); `walls` adds
/// obstacles as polylines (a polyline whose last point is its first is a
/// closed block). Surfaces: `sand` (heavy friction), `water` (the ball is
/// lost: a penalty stroke and the ball goes back where it was played from)
/// and `slopes`. Coordinates are whole centimetres, y down the page.
public struct HoleLayout: Hashable, Sendable, Codable {
    /// The hole's name, shown to players.
    public var name: String
    /// The expected number of strokes.
    public var par: Int
    /// Where each ball starts.
    public var tee: CoursePoint
    /// The centre of the cup.
    public var cup: CoursePoint
    /// The outline of the playing area; each edge is a wall.
    public var boundary: [CoursePoint]
    /// Obstacles: polylines of wall segments.
    public var walls: [[CoursePoint]]
    /// Sand traps.
    public var sand: [AreaShape]
    /// Water hazards.
    public var water: [AreaShape]
    /// Sloped areas.
    public var slopes: [Slope]

    /// Makes a hole.
    public init(
        name: String, par: Int, tee: CoursePoint, cup: CoursePoint, boundary: [CoursePoint],
        walls: [[CoursePoint]] = [], sand: [AreaShape] = [], water: [AreaShape] = [], slopes: [Slope] = []
    ) {
        self.name = name
        self.par = par
        self.tee = tee
        self.cup = cup
        self.boundary = boundary
        self.walls = walls
        self.sand = sand
        self.water = water
        self.slopes = slopes
    }

    private enum CodingKeys: String, CodingKey { case name, par, tee, cup, boundary, walls, sand, water, slopes }

    /// Decodes a hole; `walls`, `sand`, `water` and `slopes` may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        par = try container.decode(Int.self, forKey: .par)
        tee = try container.decode(CoursePoint.self, forKey: .tee)
        cup = try container.decode(CoursePoint.self, forKey: .cup)
        boundary = try container.decode([CoursePoint].self, forKey: .boundary)
        walls = try container.decodeIfPresent([[CoursePoint]].self, forKey: .walls) ?? []
        sand = try container.decodeIfPresent([AreaShape].self, forKey: .sand) ?? []
        water = try container.decodeIfPresent([AreaShape].self, forKey: .water) ?? []
        slopes = try container.decodeIfPresent([Slope].self, forKey: .slopes) ?? []
    }
}
