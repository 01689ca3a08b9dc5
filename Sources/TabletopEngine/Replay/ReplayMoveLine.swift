import Foundation

/// One line per accepted move: its number, the seat, the move, and the hash
/// of the state after it.
public struct ReplayMoveLine<Move: Codable & Sendable>: Decodable, Sendable, ReplayLine {
    /// The move's number, counting from 1.
    public var number: Int
    /// The seat that made it.
    public var seat: Seat
    /// The move, in the game's JSON form.
    public var move: Move
    /// The hash of the state after the move.
    public var hash: StableHash

    /// Makes a move line.
    /// The move's JSON when the game encoded it already (else the line encodes it).
    var moveJSON: Data?

    public init(number: Int, seat: Seat, move: Move, hash: StableHash) {
        self.number = number
        self.seat = seat
        self.move = move
        self.hash = hash
    }

    /// A line whose move the game has encoded already (`TabletopGame.moveJSON`): the same bytes, faster.
    public init(number: Int, seat: Seat, move: Move, moveJSON: Data, hash: StableHash) {
        self.init(number: number, seat: seat, move: move, hash: hash)
        self.moveJSON = moveJSON
    }

    enum CodingKeys: String, CodingKey {
        case type
        case number = "n"
        case seat, move, hash
    }

    /// Decodes a move line; `type` must be `move`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try ReplayLines.expectType("move", in: container, forKey: .type)
        number = try container.decode(Int.self, forKey: .number)
        seat = try container.decode(Seat.self, forKey: .seat)
        move = try container.decode(Move.self, forKey: .move)
        hash = try container.decode(StableHash.self, forKey: .hash)
    }

    /// Writes the line with `type` first, in the documented key order.
    public func write(to object: inout OrderedJSONObject) {
        object.add("type", "move")
        object.add("n", number)
        object.add("seat", seat)
        if let moveJSON { object.add("move", json: moveJSON) } else { object.add("move", move) }
        object.add("hash", hash)
    }
}
