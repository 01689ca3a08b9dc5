import TabletopEngine

/// Why a shot was refused. A refused shot changes nothing.
public enum MiniGolfRejection: MoveRejection {
    /// Every hole has been played.
    case matchOver
    /// The other seat is to play.
    case notYourTurn(seat: Seat, toMove: Seat)
    /// The direction is not a whole degree in 0..<360.
    case angleOutOfRange(Int)
    /// The power is not in 1...100.
    case powerOutOfRange(Int)

    /// The stable code.
    public var code: String {
        switch self {
        case .matchOver: "matchOver"
        case .notYourTurn: "notYourTurn"
        case .angleOutOfRange: "angleOutOfRange"
        case .powerOutOfRange: "powerOutOfRange"
        }
    }

    /// A sentence naming the offending value.
    public var message: String {
        switch self {
        case .matchOver:
            "every hole has been played"
        case .notYourTurn(let seat, let toMove):
            "\(seat) may not play: \(toMove) is to play"
        case .angleOutOfRange(let angle):
            "angle must be a whole degree in 0...359, not \(angle)"
        case .powerOutOfRange(let power):
            "power must be a percentage in 1...100, not \(power)"
        }
    }
}
