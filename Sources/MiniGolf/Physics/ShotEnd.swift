/// How a shot ended.
public enum ShotEnd: String, Hashable, Sendable, Codable, CaseIterable {
    /// The ball stopped on the course (also when the shot ran out of time).
    case rest
    /// The ball dropped into the cup.
    case holed
    /// The ball went into water: a penalty, and the ball goes back where it was played from.
    case water
    /// The ball left the playing area (only a broken course allows it): treated like water.
    case outOfBounds
}
