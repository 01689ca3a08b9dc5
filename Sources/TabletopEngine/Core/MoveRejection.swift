/// Why a move was refused: a typed error every game defines for its moves.
///
/// `code` is stable (tools and the network match on it: `cellAlreadyFired`,
/// `notYourTurn`), `message` is a sentence for a person. A rejected move
/// leaves the state exactly as it was.
public protocol MoveRejection: Error, Equatable, Sendable {
    /// A stable identifier of the reason, in lowerCamelCase.
    var code: String { get }
    /// A human sentence saying what was wrong, naming the offending value.
    var message: String { get }
}
