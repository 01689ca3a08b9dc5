import Foundation

/// The answer to "which moves may this seat make?" for a host that sends it
/// in one line: the list, or, when the game describes its moves instead or
/// the list would not fit, what they are.
public enum LegalMoves: Equatable, Sendable {
    /// The moves, as a JSON array of the game's move JSON.
    case listed(Data)
    /// Too many to list: their number and, when the game gives it, their shape.
    case described(MoveSpace)
}
