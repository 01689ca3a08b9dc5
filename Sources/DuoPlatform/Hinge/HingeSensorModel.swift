/// How faithfully the simulated hinge sensor reports the true angle.
/// Real sensors are imperfect; apps must cope with all of these.
public enum HingeSensorModel: String, Codable, CaseIterable, Hashable, Sendable {
    /// Every reading is the true angle (the default).
    case ideal
    /// Each reading is the true angle plus a uniform jitter of up to
    /// ``HingeSensor/Parameters/noiseDegrees`` (1.5 deg by default).
    case noisy
    /// Readings are the true angle rounded to the nearest multiple of
    /// ``HingeSensor/Parameters/stepDegrees`` (5 deg by default).
    case coarse
    /// No reading at all until ``HingeSensor/Parameters/startDelaySeconds``
    /// (1.5 s by default) of simulated time have passed, then ideal readings.
    case late
}
