/// The physics of one hole: plays a shot tick by tick, in integers, from a
/// ball position to where the ball stops, drops or is lost.
///
/// Each tick: the surface under the ball (slopes pull, sand brakes harder
/// than the green) changes the velocity; rolling friction slows it; then
/// the ball moves in sub-steps of at most half its radius, bouncing off
/// walls, and the shot ends when it drops into the cup (slow enough), goes
/// into water, or rests. Every number is an `Int64` of fixed-point units,
/// so the same shot gives the same result on every machine.
public struct ShotSimulator: Sendable {
    /// The hole's geometry.
    public let hole: HoleGeometry
    /// The course's physics.
    public let physics: PhysicsConstants

    /// A simulator of `hole` under `physics`.
    public init(hole: HoleGeometry, physics: PhysicsConstants) {
        self.hole = hole
        self.physics = physics
    }

    /// The ball's velocity when struck with `shot`, units per tick.
    public func launchVelocity(_ shot: MiniGolfShot) -> CourseVector {
        let speed = physics.maxSpeed * Int64(shot.power) / Int64(MiniGolfShot.maxPower)
        let unit = DirectionTable.unitVector(degrees: shot.angle)
        return CourseVector(x: unit.x * speed / DirectionTable.one, y: unit.y * speed / DirectionTable.one)
    }

    /// Plays `shot` from `start` to its end.
    public func simulate(from start: CourseVector, shot: MiniGolfShot) -> ShotOutcome {
        var trace = NoShotTrace()
        return simulate(from: start, shot: shot, trace: &trace)
    }

    /// Plays `shot` from `start` to its end, telling `trace` where the ball is after each tick.
    public func simulate<Trace: ShotTrace>(from start: CourseVector, shot: MiniGolfShot, trace: inout Trace) -> ShotOutcome {
        var position = start
        var velocity = launchVelocity(shot)
        var slowTicks = 0
        var wallHits = 0
        for tick in 1...max(1, physics.maxTicks) {
            var friction = physics.greenFriction
            for trap in hole.sand where trap.contains(position) {
                friction = physics.sandFriction
                break
            }
            var pull = CourseVector.zero
            for slope in hole.slopes where slope.area.contains(position) {
                pull += slope.pull
            }
            velocity += pull
            // Rolling friction slows the ball along its motion. A ball slower
            // than one tick of friction stops, unless the slope under it is
            // steeper than friction: then it starts rolling downhill.
            let speed = velocity.length
            if speed > friction {
                velocity = velocity.scaled(by: speed - friction, over: speed)
            } else {
                let steepness = pull.length
                velocity = steepness > friction ? pull.scaled(by: steepness - friction, over: steepness) : .zero
            }
            let steps = max(1, (velocity.length + physics.maxStep - 1) / physics.maxStep)
            for _ in 0..<steps {
                position += CourseVector(x: velocity.x / steps, y: velocity.y / steps)
                wallHits += bounceOffWalls(&position, &velocity)
                if hole.water.contains(where: { $0.contains(position) }) {
                    trace.ballMoved(to: position, tick: tick)
                    return ShotOutcome(end: .water, position: position, ticks: tick, wallHits: wallHits)
                }
                if (position - hole.cup).lengthSquared <= physics.cupRadiusSquared,
                    velocity.length <= physics.captureSpeed
                {
                    trace.ballMoved(to: hole.cup, tick: tick)
                    return ShotOutcome(end: .holed, position: hole.cup, ticks: tick, wallHits: wallHits)
                }
            }
            trace.ballMoved(to: position, tick: tick)
            if !hole.boundary.contains(position) {
                return ShotOutcome(end: .outOfBounds, position: position, ticks: tick, wallHits: wallHits)
            }
            if velocity == .zero {
                return ShotOutcome(end: .rest, position: position, ticks: tick, wallHits: wallHits)
            }
            // A ball held against a wall by a slope jiggles without ever
            // stopping: slow for long enough counts as at rest.
            // (The root is a floor, so `length < restSpeed` is `lengthSquared < restSpeed²`: one root less a tick.)
            if velocity.lengthSquared < physics.restSpeed * physics.restSpeed {
                slowTicks += 1
                if slowTicks >= physics.restTicks {
                    return ShotOutcome(end: .rest, position: position, ticks: tick, wallHits: wallHits)
                }
            } else {
                slowTicks = 0
            }
        }
        return ShotOutcome(end: .rest, position: position, ticks: physics.maxTicks, wallHits: wallHits)
    }

    /// Pushes the ball out of every wall it overlaps and reflects the part of
    /// its velocity going into the wall, damped by the restitution.
    /// - Returns: the number of bounces.
    private func bounceOffWalls(_ position: inout CourseVector, _ velocity: inout CourseVector) -> Int {
        let radius = physics.ballRadius
        var bounces = 0
        for wall in hole.walls where wall.mayTouch(position, radius: radius) {
            let contact = wall.closestPoint(to: position)
            var normal = position - contact
            var normalSquared = normal.lengthSquared
            guard normalSquared < physics.ballRadiusSquared else { continue }
            if normalSquared == 0 {
                // The centre is on the wall itself: push back against the motion.
                normal = CourseVector(x: -wall.direction.y, y: wall.direction.x)
                if normal.dot(velocity) > 0 { normal = CourseVector(x: -normal.x, y: -normal.y) }
                normalSquared = normal.lengthSquared
            }
            let distance = max(1, FixedMath.squareRoot(normalSquared))
            position = contact + normal.scaled(by: radius, over: distance)
            let into = velocity.dot(normal)
            if into < 0 {
                let factor = into * (100 + physics.restitutionPercent)
                let denominator = 100 * normalSquared
                velocity = CourseVector(
                    x: velocity.x - FixedMath.multiplyDivide(normal.x, factor, denominator),
                    y: velocity.y - FixedMath.multiplyDivide(normal.y, factor, denominator))
                bounces += 1
            }
        }
        return bounces
    }
}
