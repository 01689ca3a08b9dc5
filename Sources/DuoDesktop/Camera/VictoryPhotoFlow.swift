/// When the victory photo opens and closes, as a value driven by what the
/// game says: it opens once when a person wins a match, closes when asked or
/// when the next match starts, and never opens twice for the same match. It
/// also keeps the shutter's flash, the photos saved, and a short notice
/// (a photo saved, a problem) shown under the preview for a while. No
/// camera, no SDL: the session does what each step says.
public struct VictoryPhotoFlow: Sendable, Equatable {
    /// Whether the victory photo shows.
    public enum Phase: Sendable, Equatable {
        /// The game's own screens show.
        case closed
        /// The camera runs for the winner (`headline`: `You win!`).
        case open(headline: String)
    }

    /// What the session must do after the game changed.
    public enum Step: Sendable, Equatable {
        /// Nothing.
        case none
        /// Open the camera for the winner's view.
        case open(headline: String)
        /// Stop the camera.
        case close
    }

    /// How long the shutter's flash shows, in seconds.
    public static let flashSeconds = 0.35
    /// How long a notice shows, in seconds.
    public static let noticeSeconds = 4.0

    /// Open or closed.
    public private(set) var phase: Phase = .closed
    /// The match whose end has been handled.
    public private(set) var handledMatch: Int?
    /// Seconds of the shutter's flash left (0: none).
    public private(set) var flashRemaining = 0.0
    /// The files of the photos saved, oldest first.
    public private(set) var savedFiles: [String] = []
    /// What the preview's caption says instead of the camera's name, for a while.
    public private(set) var notice: String?
    private var noticeRemaining = 0.0

    /// A closed flow.
    public init() {}

    /// Whether the camera is open.
    public var isOpen: Bool { phase != .closed }

    /// The flash's strength now, 1 just after the shutter, fading to 0.
    public var flash: Double { max(0, min(1, flashRemaining / Self.flashSeconds)) }

    /// Follows the game after any input or tick.
    /// - Parameters:
    ///   - match: which match the game plays (it changes with a new game).
    ///   - isOver: whether that match is over.
    ///   - personVictory: the headline, when a person won it.
    /// - Returns: what to do now.
    public mutating func follow(match: Int, isOver: Bool, personVictory: String?) -> Step {
        if isOpen, handledMatch != match || !isOver {
            // A new match started under the open camera: it closes.
            clear()
            return .close
        }
        guard isOver, handledMatch != match else { return .none }
        handledMatch = match
        guard let personVictory else { return .none }
        phase = .open(headline: personVictory)
        return .open(headline: personVictory)
    }

    /// Closes the camera on request (Esc, the close button); the same match never reopens it.
    /// - Returns: whether it was open.
    @discardableResult
    public mutating func close() -> Bool {
        guard isOpen else { return false }
        clear()
        return true
    }

    /// The shutter was released and the photo saved as `file` (its name is
    /// shown): the flash starts.
    public mutating func photoSaved(as file: String, name: String) {
        savedFiles.append(file)
        flashRemaining = Self.flashSeconds
        show("Saved as \(name)")
    }

    /// Shows a problem under the preview for a while.
    public mutating func report(_ problem: String) {
        show(problem)
    }

    /// Lets time pass (the flash and the notice fade).
    public mutating func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        flashRemaining = max(0, flashRemaining - seconds)
        noticeRemaining = max(0, noticeRemaining - seconds)
        if noticeRemaining == 0 { notice = nil }
    }

    private mutating func show(_ text: String) {
        notice = text
        noticeRemaining = Self.noticeSeconds
    }

    private mutating func clear() {
        phase = .closed
        flashRemaining = 0
        notice = nil
        noticeRemaining = 0
    }
}
