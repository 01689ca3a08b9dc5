/// One move of Broadside.
///
/// JSON, one key per move:
/// - `{"place": {"ship": 0, "at": "A1", "heading": "across"}}`: hide one ship;
/// - `{"reset": true}`: take back every ship placed so far (before the fleet is complete);
/// - `{"fire": "B7"}`: fire one shot (in the salvo variant, one shot of the
///   turn's salvo: the salvo is answered once all its shots are aimed).
public enum BroadsideMove: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Hide one ship of the fleet.
    case place(ShipPlacement)
    /// Take back every ship placed so far.
    case reset
    /// Fire at a cell of the opponent's board.
    case fire(Cell)

    enum CodingKeys: String, CodingKey { case place, reset, fire }

    /// Decodes the one-key object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a move is an object with exactly one of place, reset, fire"))
        }
        switch key {
        case .place: self = .place(try container.decode(ShipPlacement.self, forKey: .place))
        case .fire: self = .fire(try container.decode(Cell.self, forKey: .fire))
        case .reset:
            guard try container.decode(Bool.self, forKey: .reset) else {
                throw DecodingError.dataCorruptedError(forKey: .reset, in: container, debugDescription: "reset must be true")
            }
            self = .reset
        }
    }

    /// Encodes the one-key object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .place(let placement): try container.encode(placement, forKey: .place)
        case .reset: try container.encode(true, forKey: .reset)
        case .fire(let cell): try container.encode(cell, forKey: .fire)
        }
    }

    /// "fire B7", "place ship 0 at A1 across", "reset".
    public var description: String {
        switch self {
        case .place(let placement): return "place \(placement)"
        case .reset: return "reset"
        case .fire(let cell): return "fire \(cell)"
        }
    }
}
