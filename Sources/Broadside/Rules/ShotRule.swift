/// How many shots a seat fires per turn.
public enum ShotRule: String, CaseIterable, Codable, Hashable, Sendable {
    /// One shot a turn (the classic game).
    case one
    /// One shot per own ship still afloat (the salvo game); the shots of a
    /// turn are answered together once all are aimed.
    case perShipAfloat
}
