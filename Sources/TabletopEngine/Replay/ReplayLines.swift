import DuoSupport
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
    /// ``ReplayError`` that names the line and the field. Fields a line does
    /// not know are ignored (later versions may add some).
    public static func decode<Value: Decodable>(_ type: Value.Type, line: (number: Int, text: Data)) throws(ReplayError) -> Value {
        do throws(DataFileError) {
            return try DataFileDecoder.decodeIgnoringUnknownFields(type, from: line.text)
        } catch {
            let message = error.kind == .notJSON ? "not valid JSON (truncated or corrupt)" : error.description
            throw ReplayError(line: line.number, code: .malformedLine, message: message)
        }
    }

    /// The `type` field of a line: `header`, `move` or `result`.
    public static func type(of line: (number: Int, text: Data)) throws(ReplayError) -> String {
        try decode(LineType.self, line: line).type
    }

    private struct LineType: Decodable { let type: String }

    /// Checks, while decoding a line, that its `type` field is `expected`:
    /// a move line read as a header is an error, not a header with odd fields.
    static func expectType<Key: CodingKey>(_ expected: String, in container: KeyedDecodingContainer<Key>, forKey key: Key) throws {
        let type = try container.decode(String.self, forKey: key)
        guard type == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "expected a \(expected) line, found type '\(type)'")
        }
    }
}
