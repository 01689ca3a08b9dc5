import DuoPlatform
import TabletopEngine

/// A drawn-text problem met while ``DrawnTextLint`` walked a match: the game,
/// the kind of match, the frame, the device then, the HUD screen, where the
/// texts are (``place``) and what is wrong with them. The texts of one frame
/// breaking one rule in one place (and against the same element, region or
/// overlay) are one finding; met again in later frames, it is counted, not repeated.
public struct DrawnTextFinding: Sendable, CustomStringConvertible {
    /// The game's name (`broadside`).
    public var game: String
    /// The kind of match walked (nil: one frame drawn on its own, `duo screenshot --check-texts`).
    public var mode: DrawnTextLint.Mode?
    /// The frame's number in that match's walk (0: before the first move).
    public var frame: Int
    /// Moves played before the frame.
    public var move: Int
    /// Seconds that had passed since that move when the frame was drawn.
    public var seconds: Double
    /// The device then: profile, posture, orientation, direction, fold, angle, camera.
    public var situation: String
    /// What showed besides the table (the hotkey help, the regions overlay, older news), or empty.
    public var showing: String
    /// The HUD screen laid out.
    public var screen: String
    /// The rule broken (``DrawnTextProblem/rule``).
    public var rule: String
    /// Where the texts are: the HUD element they are in (`news`), `outside the elements`,
    /// `the regions overlay`, `the hotkey help`, `the status line` or `the device's hardware`.
    public var place: String
    /// What they meet, when the rule names something (an element, a region, an overlay, another text's place); else empty.
    public var target: String
    /// Each text's violation in the first frame met, in the order drawn.
    public var violations: [DrawnTextViolation]
    /// How many frames (this one included) met the same finding.
    public var frameCount = 1
    /// The entry of the known list it matches, if any: reported, but not failing the lint.
    public var known: KnownDrawnTextFinding?

    /// `broadside bot match, frame 37 (move 18, 1.6 s after it): duo tabletop ...: battle: in 'news': text ... (and 11 more frames)`.
    public var description: String {
        let after = seconds > 0 ? ", \(DrawnTextRules.formatted(seconds)) s after it" : ""
        let extra = showing.isEmpty ? "" : " with \(showing)"
        let first = violations.first.map(\.description) ?? rule
        // The other texts of the frame breaking the rule there (for an overlap, the other texts met), each once.
        var words: [String] = []
        for violation in violations.dropFirst() {
            var word = violation.text.text
            if case .overlapsText(let other) = violation.problem, violations.first?.text.text == word { word = other.text }
            if !words.contains(word), word != violations.first?.text.text { words.append(word) }
        }
        let shown = words.prefix(5).map { "'\($0)'" }
        let left = words.count - shown.count
        let texts =
            shown.isEmpty ? "" : "; so do \(shown.joined(separator: ", "))\(left > 0 ? " and \(left) more text\(left == 1 ? "" : "s")" : "")"
        let more = frameCount > 1 ? " (and \(frameCount - 1) more frame\(frameCount == 2 ? "" : "s"))" : ""
        let when = mode.map { "\(game) \($0.title), frame \(frame) (move \(move)\(after))" } ?? "\(game) screenshot"
        return "\(when): \(situation)\(extra): \(screen): in \(place): \(first)\(texts)\(more)"
    }

    /// What makes two findings the same: the game, the rule, the place and what the texts meet.
    var key: String { [game, rule, place, target].joined(separator: "\u{1F}") }
}

/// A drawn-text finding the engine knows of and has not fixed yet: `duo lint`
/// prints each finding it matches as `known:` (with the reason) and passes.
/// The list (``DrawnTextLint/knownFindings``) is explicit and named, one entry
/// per problem, so it can only shrink: a finding it does not match fails the lint.
public struct KnownDrawnTextFinding: Sendable, Hashable, CustomStringConvertible {
    /// The game's name (`*`: any game's).
    public var game: String
    /// The rule broken (``DrawnTextProblem/rule``).
    public var rule: String
    /// Where the texts are (``DrawnTextFinding/place``; `*`: anywhere).
    public var place: String
    /// Why it is known and who fixes it.
    public var reason: String

    /// An entry from its parts.
    public init(game: String, rule: String, place: String, reason: String) {
        self.game = game
        self.rule = rule
        self.place = place
        self.reason = reason
    }

    /// Whether `finding` is this one (a game or place of `*` stands for any).
    public func matches(_ finding: DrawnTextFinding) -> Bool {
        matches(game: finding.game, rule: finding.rule, place: finding.place)
    }

    /// Whether a violation of `rule` by a text in `place` of `game`'s table is this one.
    public func matches(game: String, rule: String, place: String) -> Bool {
        (self.game == "*" || self.game == game) && self.rule == rule && (self.place == "*" || self.place == place)
    }

    /// `broadside tooSmall in 'secondary-board': the reason`.
    public var description: String { "\(game) \(rule) in \(place): \(reason)" }
}
