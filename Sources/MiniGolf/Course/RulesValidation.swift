import TabletopEngine

extension MiniGolfRules {
    /// The largest coordinate a course may use, in cm (keeps every product of
    /// two fixed-point coordinates far inside 64 bits).
    public static let maxCoordinate = 2_000

    /// The rules, checked: every number in its range, every shape well formed,
    /// every tee and cup inside its hole, on dry ground and clear of walls.
    /// - Throws: ``GameDataError`` naming the first bad field.
    public func validated() throws(GameDataError) -> MiniGolfRules {
        func check(_ condition: Bool, _ field: String, _ problem: @autoclosure () -> String) throws(GameDataError) {
            if !condition { throw GameDataError(field: field, problem: problem()) }
        }
        func inRange(_ value: Int, _ range: ClosedRange<Int>, _ field: String) throws(GameDataError) {
            try check(range.contains(value), field, "must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
        try check(!course.isEmpty, "course", "must not be empty")
        try inRange(strokeCap, 1...20, "strokeCap")
        try inRange(waterPenalty, 0...5, "waterPenalty")
        try inRange(physics.ticksPerSecond, 10...1_000, "physics.ticksPerSecond")
        try inRange(physics.ballRadius, 1...20, "physics.ballRadius")
        try inRange(physics.cupRadius, physics.ballRadius...50, "physics.cupRadius")
        try inRange(physics.maxSpeed, 10...2_000, "physics.maxSpeed")
        try inRange(physics.captureSpeed, 1...physics.maxSpeed, "physics.captureSpeed")
        try inRange(physics.greenFriction, 1...1_000, "physics.greenFriction")
        try inRange(physics.sandFriction, physics.greenFriction...10_000, "physics.sandFriction")
        try inRange(physics.wallRestitution, 0...100, "physics.wallRestitution")
        try inRange(physics.restSpeed, 0...100, "physics.restSpeed")
        try inRange(physics.restHundredths, 1...1_000, "physics.restHundredths")
        try inRange(physics.maxShotSeconds, 1...120, "physics.maxShotSeconds")
        try check(!holes.isEmpty, "holes", "a course needs at least one hole")
        try check(holes.count <= 36, "holes", "a course has at most 36 holes, not \(holes.count)")
        for (index, hole) in holes.enumerated() {
            try hole.validate(field: "holes[\(index)]", rules: self)
        }
        return self
    }
}

extension HoleLayout {
    /// Checks one hole.
    func validate(field: String, rules: MiniGolfRules) throws(GameDataError) {
        func check(_ condition: Bool, _ name: String, _ problem: @autoclosure () -> String) throws(GameDataError) {
            if !condition { throw GameDataError(field: field + (name.isEmpty ? "" : "." + name), problem: problem()) }
        }
        func checkPoint(_ point: CoursePoint, _ name: String) throws(GameDataError) {
            let limit = 0...MiniGolfRules.maxCoordinate
            try check(
                limit.contains(point.x) && limit.contains(point.y), name,
                "\(point) is outside 0...\(MiniGolfRules.maxCoordinate) cm")
        }
        func checkLine(_ points: [CoursePoint], _ name: String, closed: Bool) throws(GameDataError) {
            for (index, point) in points.enumerated() { try checkPoint(point, "\(name)[\(index)]") }
            let count = closed ? points.count : points.count - 1
            for index in 0..<max(0, count) where points[index] == points[(index + 1) % points.count] {
                try check(false, "\(name)[\(index)]", "a wall of zero length (the same point twice in a row)")
            }
        }
        func checkShape(_ shape: AreaShape, _ name: String) throws(GameDataError) {
            switch shape {
            case .rect(let x, let y, let width, let height):
                try check(width > 0 && height > 0, name, "a rect needs a positive width and height")
                try checkPoint(CoursePoint(x, y), name)
                try checkPoint(CoursePoint(x + width, y + height), name)
            case .circle(let x, let y, let radius):
                try check(radius > 0, name, "a circle needs a positive radius")
                try checkPoint(CoursePoint(x - radius, y - radius), name)
                try checkPoint(CoursePoint(x + radius, y + radius), name)
            case .polygon(let points):
                try check(points.count >= 3, name, "a polygon needs at least 3 corners, not \(points.count)")
                for (index, point) in points.enumerated() { try checkPoint(point, "\(name)[\(index)]") }
            }
        }
        try check(!name.isEmpty, "name", "must not be empty")
        try check((1...rules.strokeCap).contains(par), "par", "must be in 1...\(rules.strokeCap) (the stroke cap), not \(par)")
        try check(boundary.count >= 3, "boundary", "needs at least 3 corners, not \(boundary.count)")
        try checkLine(boundary, "boundary", closed: true)
        for (index, line) in walls.enumerated() {
            try check(line.count >= 2, "walls[\(index)]", "a wall needs at least 2 points, not \(line.count)")
            try checkLine(line, "walls[\(index)]", closed: false)
        }
        for (index, shape) in sand.enumerated() { try checkShape(shape, "sand[\(index)]") }
        for (index, shape) in water.enumerated() { try checkShape(shape, "water[\(index)]") }
        for (index, slope) in slopes.enumerated() {
            try checkShape(slope.area, "slopes[\(index)].area")
            let limit = -1_000...1_000
            try check(
                limit.contains(slope.fall.x) && limit.contains(slope.fall.y), "slopes[\(index)].fall",
                "each component must be in -1000...1000 cm/s², not \(slope.fall)")
        }
        let geometry = HoleGeometry(self, ticksPerSecond: rules.physics.ticksPerSecond)
        let ballRadius = FixedMath.units(centimetres: rules.physics.ballRadius)
        for (name, point) in [("tee", tee), ("cup", cup)] {
            try checkPoint(point, name)
            try check(geometry.boundary.contains(point.vector), name, "\(point) is outside the boundary")
            try check(!geometry.water.contains { $0.contains(point.vector) }, name, "\(point) is in water")
            try check(
                geometry.clearance(at: point.vector) >= ballRadius, name,
                "\(point) is closer to a wall than the ball's radius (\(rules.physics.ballRadius) cm)")
        }
        let cupRadius = FixedMath.units(centimetres: rules.physics.cupRadius)
        try check(
            (tee.vector - cup.vector).lengthSquared > cupRadius * cupRadius, "tee",
            "\(tee) is inside the cup")
    }
}
