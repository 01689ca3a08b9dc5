import DuoPlatform
import Foundation

/// The effects the hinge angle drives: a glare and a swell on the upright
/// panel, and a tone whose pitch follows the angle while the device folds.
/// Effects only: nothing here reaches the layout.
///
/// It follows the hinge as apps see it (through the sensor), so it must be
/// smooth under the noisy and coarse sensor models: the angle is smoothed
/// (time constant ``angleSmoothingSeconds``), and the tone only sounds once
/// the smoothed angle really moves (``speedDeadband``), so sensor jitter
/// makes no hum and 5-degree steps become glides. Whenever the status is not
/// `partiallyOpen` (or there is no hinge, as on `classic`) everything resets
/// at once: opening flat never leaves the effect stuck at its last angle.
public struct HingeEffect: Sendable, Equatable {
    /// What the upright panel shows.
    public struct Visual: Sendable, Equatable {
        /// Where the glare band sits, 0 (the panel's far edge) ... 1 (the fold).
        public var glarePosition: Double
        /// How bright the glare is, 0...1.
        public var glareStrength: Double
        /// How high the swell's waves are, in points.
        public var swellHeight: Double
        /// Where the swell is in its cycle, 0 ..< 1 (it drifts with time).
        public var swellPhase: Double
    }

    /// Time constant of the angle smoothing, in seconds.
    public static let angleSmoothingSeconds = 0.15
    /// Angular speeds below this (degrees per second) make no sound: sensor jitter, not folding.
    public static let speedDeadband = 20.0

    /// The smoothed angle in degrees, nil while reset.
    public private(set) var smoothedAngle: Double?
    /// How fast the smoothed angle moves, degrees per second (smoothed).
    public private(set) var angularSpeed: Double = 0
    private var targetAngle: Double?
    private var swellClock: Double = 0

    /// An effect at rest.
    public init() {}

    /// Whether the effect is running (the hinge is partially open).
    public var isActive: Bool { targetAngle != nil }

    /// Takes a new hinge context (from `observeHinge`).
    public mutating func observe(_ context: HingeContext) {
        guard let hinge = context.hinge, hinge.status == .partiallyOpen else {
            reset()
            return
        }
        targetAngle = hinge.angle.degrees
        if smoothedAngle == nil { smoothedAngle = hinge.angle.degrees }
    }

    /// Lets `seconds` pass: the smoothed angle glides towards the reading.
    public mutating func advance(by seconds: Double) {
        guard seconds > 0, seconds.isFinite, let target = targetAngle, let angle = smoothedAngle else { return }
        let step = 1 - exp(-seconds / Self.angleSmoothingSeconds)
        let next = angle + (target - angle) * step
        let instantSpeed = abs(next - angle) / seconds
        angularSpeed += (instantSpeed - angularSpeed) * (1 - exp(-seconds / 0.1))
        smoothedAngle = next
        swellClock += seconds
    }

    /// Back to rest at once.
    public mutating func reset() {
        smoothedAngle = nil
        targetAngle = nil
        angularSpeed = 0
        swellClock = 0
    }

    /// What to draw on the upright panel, nil while reset.
    public var visual: Visual? {
        guard let angle = smoothedAngle else { return nil }
        let openness = min(max(angle / 180, 0), 1)
        // The light source is fixed; as the panel stands up the reflection slides towards the fold.
        let position = 0.12 + 0.76 * openness
        let strength = 0.15 + 0.55 * sin(openness * Double.pi)
        // The more upright the panel, the rougher the painted sea.
        let swell = 2 + 10 * (1 - openness)
        return Visual(
            glarePosition: position, glareStrength: strength, swellHeight: swell,
            swellPhase: (swellClock / 4).truncatingRemainder(dividingBy: 1))
    }

    /// The tone to play: pitch from the angle, loudness from how fast it moves.
    public var tone: (frequency: Double, amplitude: Double) {
        guard let angle = smoothedAngle else { return (220, 0) }
        let loudness = min(max((angularSpeed - Self.speedDeadband) / 80, 0), 1)
        return (160 + 2.5 * angle, 0.22 * loudness)
    }
}
