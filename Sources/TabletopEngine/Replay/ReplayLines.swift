import Foundation

/// Splits a JSON-lines file into numbered lines and encodes lines the same
/// way everywhere (one JSON object per line, `\n` after each).
public enum ReplayLines {
    /// The lines of `data` with their 1-based numbers. A `\r` before `\n` is
    /// dropped; the empty piece after a final `\n` is not a line.
    public static func split(_ data: Data) -> [(number: Int, text: Data)] {
        var lines: [(number: Int, text: Data)] = []
        var start = data.startIndex
        var number = 1
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            var line = data[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            lines.append((number, Data(line)))
            number += 1
            start = end < data.endIndex ? data.index(after: end) : end
        }
        return lines
    }

    /// The line's JSON object, keys in the format's order, followed by `\n`.
    public static func encode<Line: ReplayLine>(_ line: Line) -> Data {
        var object = OrderedJSONObject()
        line.write(to: &object)
        return object.line()
    }

    /// Decodes line `number` as `type`, turning any decoding failure into a
    /// ``ReplayError`` that names the line and the field.
    public static func decode<Value: Decodable>(_ type: Value.Type, line: (number: Int, text: Data)) throws(ReplayError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: line.text)
        } catch let error as DecodingError {
            throw ReplayError(line: line.number, code: .malformedLine, message: describe(error))
        } catch {
            throw ReplayError(line: line.number, code: .malformedLine, message: "not valid JSON")
        }
    }

    /// The `type` field of a line: `header`, `move` or `result`.
    public static func type(of line: (number: Int, text: Data)) throws(ReplayError) -> String {
        try decode(LineType.self, line: line).type
    }

    private struct LineType: Decodable { let type: String }

    /// A one-line account of a decoding error: the field path and the problem.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the line" : "field '" + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "missing field '\(key.stringValue)'\(parent)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context.codingPath)) has the wrong type: \(context.debugDescription)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON (truncated or corrupt)" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "unreadable: \(error)"
        }
    }
}
