import TabletopEngine

/// The aiming bot's search: it tries strokes with the real physics and keeps
/// the one whose outcome scores best.
///
/// Candidates: strokes at the furthest point of the shortest path that the
/// ball can see in a straight line (the cup itself when it is in view),
/// with a power estimated from friction and varied around it; a coarse
/// ring of directions at a few powers (for bank shots); then a fine search
/// around the two best. A stroke that holes out ends the search. An
/// outcome scores its remaining path length to the cup (see ``PathField``);
/// water scores the start's length plus the penalty.
public struct ShotPlanner {
    /// The hole's physics.
    public let simulator: ShotSimulator
    /// The hole's path field.
    public let field: PathField
    /// Penalty strokes for water.
    public let waterPenalty: Int

    /// What one stroke is worth in path cost (tenths of a cm): 1.5 m of putting.
    static let strokeCost: Int64 = 1_500
    /// The extra cost of ending in sand (the next stroke is harder).
    static let sandCost: Int64 = 300

    /// Makes a planner for one hole.
    public init(simulator: ShotSimulator, field: PathField, waterPenalty: Int) {
        self.simulator = simulator
        self.field = field
        self.waterPenalty = waterPenalty
    }

    /// The best stroke found from `ball`.
    public func bestShot(from ball: CourseVector, generator: inout SeededGenerator) -> MiniGolfShot {
        var tried: Set<MiniGolfShot> = []
        var scored: [(score: Int64, shot: MiniGolfShot)] = []
        var holed: MiniGolfShot?
        func attempt(_ angle: Int, _ power: Int) {
            guard holed == nil else { return }
            let shot = MiniGolfShot(angle: ((angle % 360) + 360) % 360, power: min(100, max(1, power)))
            guard tried.insert(shot).inserted else { return }
            let outcome = simulator.simulate(from: ball, shot: shot)
            if outcome.end == .holed { holed = shot }
            scored.append((score(outcome, start: ball), shot))
        }
        for shot in aimedShots(from: ball) { attempt(shot.angle, shot.power) }
        let ringStart = generator.nextInt(below: 22)
        for step in 0..<16 {
            for power in [20, 40, 65, 100] {
                attempt(ringStart + step * 45 / 2, power)
            }
        }
        let leaders = scored.sorted { $0.score != $1.score ? $0.score < $1.score : Self.order($0.shot, $1.shot) }.prefix(2)
        for leader in leaders {
            for offset in [0, 1, -1, 2, -2] {
                for delta in [0, 2, -2, 4, -4] {
                    attempt(leader.shot.angle + offset, leader.shot.power + delta)
                }
            }
        }
        if let holed { return holed }
        // `scored` is never empty: the first attempt always runs.
        return scored.min { $0.score != $1.score ? $0.score < $1.score : Self.order($0.shot, $1.shot) }!.shot
    }

    /// The planner's first candidates, most promising first: strokes at the
    /// furthest point of the shortest path that the ball can see (the cup
    /// when it is in view), with the power that rolls the ball there (a
    /// little past the cup), then turned by a few degrees and struck a
    /// little softer and harder. No physics: what the engine's search tries
    /// first at each of its nodes (``MiniGolf/suggestedMoves(for:in:)``).
    public func aimedShots(from ball: CourseVector) -> [MiniGolfShot] {
        let target = waypoint(from: ball)
        let aim = Self.angle(toward: target - ball)
        let rollBeyond = target == simulator.hole.cup ? FixedMath.units(centimetres: 30) : 0
        let basePower = power(toRoll: (target - ball).length + rollBeyond)
        var shots: [MiniGolfShot] = []
        shots.reserveCapacity(Self.aimOffsets.count * Self.powerPercents.count)
        for offset in Self.aimOffsets {
            for percent in Self.powerPercents {
                let angle = aim + offset
                shots.append(MiniGolfShot(angle: ((angle % 360) + 360) % 360, power: min(100, max(1, basePower * percent / 100))))
            }
        }
        return shots
    }

    /// The aimed strokes' turns off the line, in degrees, nearest first.
    static let aimOffsets = [0, 1, -1, 2, -2, 3, -3, 5, -5, 8, -8]
    /// Their powers, in percent of the estimated power, nearest first.
    static let powerPercents = [100, 90, 110, 80, 125, 150]

    /// How good an outcome is: lower is better, 0 is holed.
    func score(_ outcome: ShotOutcome, start: CourseVector) -> Int64 {
        switch outcome.end {
        case .holed:
            return 0
        case .water, .outOfBounds:
            return remaining(from: start) + Self.strokeCost * Int64(waterPenalty) + 1
        case .rest:
            let inSand = simulator.hole.sand.contains { $0.contains(outcome.position) }
            return remaining(from: outcome.position) + (inSand ? Self.sandCost : 0) + 1
        }
    }

    /// The path cost from `point` to the cup; a spot off the field costs its
    /// straight distance three times over, plus a stroke.
    func remaining(from point: CourseVector) -> Int64 {
        if let cost = field.cost(at: point) { return Int64(cost) }
        let tenths = (point - simulator.hole.cup).length * 10 / FixedMath.unitsPerCentimetre
        return tenths * 3 + Self.strokeCost
    }

    /// The furthest point along the shortest path to the cup that is in a
    /// straight, wall-free line from `ball`: the cup itself when it is in view.
    func waypoint(from ball: CourseVector) -> CourseVector {
        let cup = simulator.hole.cup
        if isClear(ball, cup) { return cup }
        guard var cell = field.cell(at: ball) else { return cup }
        var best = cup
        var foundVisible = false
        var steps = 0
        while let next = field.downhill(from: cell), steps < field.costs.count {
            cell = next
            steps += 1
            let centre = field.centre(of: cell)
            if isClear(ball, centre) {
                best = centre
                foundVisible = true
            } else if foundVisible {
                break
            }
        }
        return best
    }

    /// Whether no wall crosses the straight line from `a` to `b`.
    func isClear(_ a: CourseVector, _ b: CourseVector) -> Bool {
        !simulator.hole.walls.contains { $0.intersects(a, b) }
    }

    /// The power (percent) that rolls a ball about `distance` on the green:
    /// with friction f per tick, a ball launched at v rolls about v²/2f.
    func power(toRoll distance: Int64) -> Int {
        let friction = simulator.physics.greenFriction
        let speed = FixedMath.squareRoot(2 * friction * max(0, distance))
        let percent = (speed * 100 + simulator.physics.maxSpeed - 1) / simulator.physics.maxSpeed
        return Int(min(100, max(1, percent)))
    }

    /// The whole degree pointing closest to `direction`.
    static func angle(toward direction: CourseVector) -> Int {
        var best = 0
        var bestDot = Int64.min
        for degrees in MiniGolfShot.angles {
            let dot = DirectionTable.unitVectors[degrees].dot(direction)
            if dot > bestDot {
                bestDot = dot
                best = degrees
            }
        }
        return best
    }

    /// A fixed order on strokes, so ties never depend on search order.
    static func order(_ a: MiniGolfShot, _ b: MiniGolfShot) -> Bool {
        a.angle != b.angle ? a.angle < b.angle : a.power < b.power
    }
}
