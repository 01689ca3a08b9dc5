/// A course's physics in fixed-point units per tick, converted once from
/// ``PhysicsSettings`` with integer arithmetic.
public struct PhysicsConstants: Sendable, Equatable {
    /// Simulation steps per second.
    public let ticksPerSecond: Int
    /// The ball's radius.
    public let ballRadius: Int64
    /// The ball's radius, squared.
    public let ballRadiusSquared: Int64
    /// The cup's radius.
    public let cupRadius: Int64
    /// The cup's radius, squared.
    public let cupRadiusSquared: Int64
    /// The speed of a full-power shot, units per tick.
    public let maxSpeed: Int64
    /// The fastest a ball can cross the cup and still drop, units per tick.
    public let captureSpeed: Int64
    /// Speed lost per tick on the green.
    public let greenFriction: Int64
    /// Speed lost per tick in sand.
    public let sandFriction: Int64
    /// The share of the speed into a wall that bounces back, percent.
    public let restitutionPercent: Int64
    /// Below this speed the ball is slow (see ``restTicks``).
    public let restSpeed: Int64
    /// Ticks in a row below ``restSpeed`` after which the ball is at rest.
    public let restTicks: Int
    /// The longest a shot may last, in ticks.
    public let maxTicks: Int
    /// The longest move of one sub-step: half the ball's radius, so the ball
    /// can never pass through a wall between two collision tests.
    public let maxStep: Int64

    /// Converts settings to fixed-point units.
    public init(_ settings: PhysicsSettings) {
        let unit = FixedMath.unitsPerCentimetre
        let tps = Int64(settings.ticksPerSecond)
        ticksPerSecond = settings.ticksPerSecond
        ballRadius = Int64(settings.ballRadius) * unit
        ballRadiusSquared = ballRadius * ballRadius
        cupRadius = Int64(settings.cupRadius) * unit
        cupRadiusSquared = cupRadius * cupRadius
        maxSpeed = Self.speed(settings.maxSpeed, tps)
        captureSpeed = Self.speed(settings.captureSpeed, tps)
        greenFriction = max(1, Self.acceleration(settings.greenFriction, tps))
        sandFriction = max(1, Self.acceleration(settings.sandFriction, tps))
        restitutionPercent = Int64(settings.wallRestitution)
        restSpeed = Self.speed(settings.restSpeed, tps)
        restTicks = max(1, settings.restHundredths * settings.ticksPerSecond / 100)
        maxTicks = settings.maxShotSeconds * settings.ticksPerSecond
        maxStep = max(1, ballRadius / 2)
    }

    /// cm/s to units per tick, rounded toward zero.
    public static func speed(_ centimetresPerSecond: Int, _ ticksPerSecond: Int64) -> Int64 {
        Int64(centimetresPerSecond) * FixedMath.unitsPerCentimetre / ticksPerSecond
    }

    /// cm/s² to units per tick², rounded toward zero.
    public static func acceleration(_ centimetresPerSecondSquared: Int, _ ticksPerSecond: Int64) -> Int64 {
        Int64(centimetresPerSecondSquared) * FixedMath.unitsPerCentimetre / (ticksPerSecond * ticksPerSecond)
    }
}
