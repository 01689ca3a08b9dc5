import TabletopEngine

/// When the victory photo opens and closes, as a value driven by what the
/// table shows: it opens once when a match is won by a person (against a
/// bot, only when the person wins: a bot has no view to photograph), closes
/// when asked or when the next match starts, and never opens twice for the
/// same match. It also keeps the shutter's flash and the photos saved.
/// No camera, no SDL: the session does what each step says.
public struct VictoryPhotoFlow: Sendable, Equatable {
    /// Whether the victory photo shows.
    public enum Phase: Sendable, Equatable {
        /// The game's own screens show.
        case closed
        /// The camera runs for the winner.
        case open(winner: Seat)
    }

    /// What the session must do after the table changed.
    public enum Step: Sendable, Equatable {
        /// Nothing.
        case none
        /// Open the camera for the winner's view.
        case open(winner: Seat)
        /// Stop the camera.
        case close
    }

    /// How long the shutter's flash shows, in seconds.
    public static let flashSeconds = 0.35

    /// Open or closed.
    public private(set) var phase: Phase = .closed
    /// The match (its index at the table) whose end has been handled.
    public private(set) var handledMatch: Int?
    /// Seconds of the shutter's flash left (0: none).
    public private(set) var flashRemaining = 0.0
    /// The files of the photos saved, oldest first.
    public private(set) var savedFiles: [String] = []

    /// A closed flow.
    public init() {}

    /// Whether the camera is open.
    public var isOpen: Bool { phase != .closed }

    /// The flash's strength now, 1 just after the shutter, fading to 0.
    public var flash: Double { max(0, min(1, flashRemaining / Self.flashSeconds)) }

    /// The seat to photograph when a match is over: its winner, if a person
    /// plays that seat (pass-and-play: both; against a bot: seat 0 only).
    public static func personWinner(winner: Seat?, isPassAndPlay: Bool) -> Seat? {
        guard let winner else { return nil }
        return isPassAndPlay || winner == .first ? winner : nil
    }

    /// Follows the table after any input or tick.
    /// - Parameters:
    ///   - matchIndex: which match the table plays (it changes with a new game).
    ///   - isOver: whether that match is over.
    ///   - personWinner: the winner to photograph, if a person won it.
    /// - Returns: what to do now.
    public mutating func follow(matchIndex: Int, isOver: Bool, personWinner: Seat?) -> Step {
        if isOpen, handledMatch != matchIndex || !isOver {
            // A new match started under the open camera: it closes.
            phase = .closed
            flashRemaining = 0
            return .close
        }
        guard isOver, handledMatch != matchIndex else { return .none }
        handledMatch = matchIndex
        guard let personWinner else { return .none }
        phase = .open(winner: personWinner)
        return .open(winner: personWinner)
    }

    /// Closes the camera on request (Esc, the close button); the same match never reopens it.
    /// - Returns: whether it was open.
    @discardableResult
    public mutating func close() -> Bool {
        guard isOpen else { return false }
        phase = .closed
        flashRemaining = 0
        return true
    }

    /// The shutter was released and the photo saved as `file`: the flash starts.
    public mutating func photoSaved(as file: String) {
        savedFiles.append(file)
        flashRemaining = Self.flashSeconds
    }

    /// Lets time pass (the flash fades).
    public mutating func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        flashRemaining = max(0, flashRemaining - seconds)
    }
}
