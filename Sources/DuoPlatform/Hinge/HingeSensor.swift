/// The simulated hinge angle sensor: turns the true angle into readings the
/// way a real (possibly imperfect) sensor would, deterministically from a seed.
import DuoSupport

public struct HingeSensor: Hashable, Sendable {
    /// The numbers of the imperfect models.
    public struct Parameters: Codable, Hashable, Sendable {
        /// The largest jitter of the `noisy` model, either way. Kept below the
        /// hysteresis (2 deg) so a still hinge read through it changes status
        /// at most once.
        public var noiseDegrees: Double
        /// The step of the `coarse` model.
        public var stepDegrees: Double
        /// How long the `late` model stays silent after start, in seconds of simulated time.
        public var startDelaySeconds: Double

        /// Makes parameters.
        public init(noiseDegrees: Double = 1.5, stepDegrees: Double = 5, startDelaySeconds: Double = 1.5) {
            self.noiseDegrees = noiseDegrees
            self.stepDegrees = stepDegrees
            self.startDelaySeconds = startDelaySeconds
        }

        /// 1.5 deg of noise, 5 deg steps, 1.5 s of delay.
        public static let standard = Parameters()
    }

    /// The model of imperfection.
    public let model: HingeSensorModel
    /// Its numbers.
    public let parameters: Parameters
    /// The mechanical range readings are clamped to.
    public let range: ClosedRange<Double>
    private var random: SplitMix64

    /// A sensor of `model`, seeded with `seed`, whose readings stay within `range`.
    public init(model: HingeSensorModel, seed: UInt64, range: ClosedRange<Double> = 0...180, parameters: Parameters = .standard) {
        self.model = model
        self.parameters = parameters
        self.range = range
        self.random = SplitMix64(seed: seed)
    }

    /// Reads the sensor at `time` seconds after start, the true angle being
    /// `trueAngle`. Returns nil when the sensor gives no reading (a `late`
    /// sensor before its delay). Each call of a `noisy` sensor draws fresh jitter.
    public mutating func read(trueAngle: HingeAngle, at time: Double) -> HingeAngle? {
        let degrees: Double
        switch model {
        case .ideal:
            degrees = trueAngle.degrees
        case .noisy:
            let jitter = (random.nextUnit() * 2 - 1) * parameters.noiseDegrees
            degrees = trueAngle.degrees + jitter
        case .coarse:
            let step = parameters.stepDegrees
            degrees = step > 0 ? (trueAngle.degrees / step).rounded() * step : trueAngle.degrees
        case .late:
            guard time >= parameters.startDelaySeconds else { return nil }
            degrees = trueAngle.degrees
        }
        return HingeAngle(degrees: min(max(degrees, range.lowerBound), range.upperBound))
    }
}
