/// The physical constants of a course, in whole human units (cm, cm/s,
/// cm/s², percent, seconds); the rules turn them into fixed-point units
/// once, at load time.
public struct PhysicsSettings: Hashable, Sendable, Codable {
    /// Simulation steps per second (the fixed time step is 1/ticksPerSecond s).
    public var ticksPerSecond: Int
    /// The ball's radius, cm.
    public var ballRadius: Int
    /// The cup's radius, cm: the ball drops when its centre is this close and it is slow enough.
    public var cupRadius: Int
    /// The ball's speed at full power (100), cm/s.
    public var maxSpeed: Int
    /// The fastest a ball may cross the cup and still drop, cm/s (faster balls lip out).
    public var captureSpeed: Int
    /// Rolling deceleration on the green, cm/s².
    public var greenFriction: Int
    /// Rolling deceleration in sand, cm/s².
    public var sandFriction: Int
    /// The share of the speed into a wall that bounces back, percent.
    public var wallRestitution: Int
    /// Below this speed (cm/s) for ``restHundredths`` the ball counts as at rest
    /// (it may be jiggling against a wall at the foot of a slope).
    public var restSpeed: Int
    /// See ``restSpeed``: how long, in hundredths of a second.
    public var restHundredths: Int
    /// A shot ends after this many seconds whatever the ball does.
    public var maxShotSeconds: Int

    /// Makes settings.
    public init(
        ticksPerSecond: Int, ballRadius: Int, cupRadius: Int, maxSpeed: Int, captureSpeed: Int,
        greenFriction: Int, sandFriction: Int, wallRestitution: Int, restSpeed: Int,
        restHundredths: Int, maxShotSeconds: Int
    ) {
        self.ticksPerSecond = ticksPerSecond
        self.ballRadius = ballRadius
        self.cupRadius = cupRadius
        self.maxSpeed = maxSpeed
        self.captureSpeed = captureSpeed
        self.greenFriction = greenFriction
        self.sandFriction = sandFriction
        self.wallRestitution = wallRestitution
        self.restSpeed = restSpeed
        self.restHundredths = restHundredths
        self.maxShotSeconds = maxShotSeconds
    }
}
