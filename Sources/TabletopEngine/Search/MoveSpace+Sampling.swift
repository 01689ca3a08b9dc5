import Foundation

extension MoveSpace {
    /// A uniformly random move of a space whose every combination of
    /// ``fields`` is a move (`{"angle": a, "power": p}`), decoded from its
    /// JSON; nil when the space has no fields or the game does not decode it.
    func randomMove<Move: Decodable>(_ type: Move.Type, using generator: inout SeededGenerator) -> Move? {
        guard !fields.isEmpty else { return nil }
        var json = "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { json += "," }
            let value = field.minimum + generator.nextInt(below: field.valueCount)
            json += "\"\(field.name)\":\(value)"
        }
        json += "}"
        return try? JSONDecoder().decode(Move.self, from: Data(json.utf8))
    }
}
