import Foundation
import TabletopEngine

/// How well a person-like `aim` bot strikes: it plans the same stroke as
/// `aim`, then misses it the way people do, by a normally distributed error
/// in direction (degrees) and in power (a share of the planned power).
///
/// Named `aim:easy`, `aim:medium`, `aim:hard`; plain `aim` strikes exactly.
/// Strokes each level takes over the shipped course are in docs/BOTS.md.
public enum AimSkill: String, CaseIterable, Sendable {
    /// A beginner: often misses the line and the length.
    case easy
    /// A casual player.
    case medium
    /// A good player: small errors, still misses some putts.
    case hard

    /// The standard deviation of the direction error, in degrees.
    public var angleError: Double {
        switch self {
        case .easy: 9
        case .medium: 5
        case .hard: 2.5
        }
    }

    /// The standard deviation of the power error, as a share of the planned power.
    public var powerError: Double {
        switch self {
        case .easy: 0.25
        case .medium: 0.14
        case .hard: 0.07
        }
    }

    /// `shot` as this player strikes it: the errors drawn from `generator`.
    public func strike(_ shot: MiniGolfShot, generator: inout SeededGenerator) -> MiniGolfShot {
        let angle = Double(shot.angle) + angleError * Self.normal(&generator)
        let power = Double(shot.power) * (1 + powerError * Self.normal(&generator))
        let turned = Int(angle.rounded()) % 360
        return MiniGolfShot(
            angle: turned < 0 ? turned + 360 : turned,
            power: min(MiniGolfShot.maxPower, max(1, Int(power.rounded()))))
    }

    /// A standard normal draw (Box-Muller).
    static func normal(_ generator: inout SeededGenerator) -> Double {
        let u = max(generator.nextUnit(), 0x1.0p-53)
        let v = generator.nextUnit()
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
