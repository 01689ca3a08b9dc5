import Foundation

/// Decodes a value from the JSON of a data file and says precisely what is
/// wrong when it cannot: the field's path and the problem, as a
/// ``DataFileError``. Every loader of the project uses it (profiles, camera
/// rigs, game rules, replays, batch results), so a bad file reads the same
/// way everywhere:
///
///     let rules = try DataFileDecoder.decode(MyRules.self, from: data)
///     // fleet[2].length: must be a whole number, not "5"
///     // board.colums: is not a known field (misspelt?)
///
/// ``decode(_:from:)`` is strict: a field the value does not know is an
/// error, so a misspelt optional field is not silently left at its default.
/// It finds such a field by encoding the decoded value again and comparing
/// the two JSON trees: whatever the input has and the value does not write
/// back was ignored. A field set to `null` is not reported (decoding takes
/// it as absent), so the value's encoding must write every field it reads
/// (a synthesized `Codable` does).
public enum DataFileDecoder {
    /// The bytes of the file at `url`.
    /// - Throws: ``DataFileError`` (``DataFileError/Kind/unreadable``) saying why.
    public static func contents(of url: URL) throws(DataFileError) -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DataFileError(kind: .unreadable, field: "", problem: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// Decodes `type` from `data`, refusing any field the type does not know.
    /// - Throws: ``DataFileError`` naming the first bad field.
    public static func decode<Value: Codable>(_ type: Value.Type, from data: Data) throws(DataFileError) -> Value {
        let value = try decodeIgnoringUnknownFields(type, from: data)
        if let unknown = firstUnknownField(in: data, decoded: value) {
            throw DataFileError(kind: .unknownField, field: unknown, problem: "is not a known field (misspelt?)")
        }
        return value
    }

    /// Decodes `type` from `data`, ignoring fields it does not know: for
    /// open formats that later versions may extend (replay lines, moves,
    /// results files).
    /// - Throws: ``DataFileError`` naming the bad field.
    public static func decodeIgnoringUnknownFields<Value: Decodable>(_ type: Value.Type, from data: Data) throws(DataFileError) -> Value {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error, in: data)
        } catch {
            // A custom `init(from:)` may throw an error of its own.
            throw DataFileError(kind: .invalidValue, field: "", problem: "\(error)")
        }
    }

    /// `displays.inner.occlusions[0].frame`: a coding path as a field path.
    public static func fieldPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    // MARK: - Decoding errors in words

    /// A key of the JSON object at `path` that is one or two edits away from
    /// `key` (a misspelling of it), if any.
    static func misspelling(of key: String, at path: [any CodingKey], in data: Data) -> String? {
        guard var node = try? JSONSerialization.jsonObject(with: data) else { return nil }
        for step in path {
            if let index = step.intValue {
                guard let array = node as? [Any], array.indices.contains(index) else { return nil }
                node = array[index]
            } else {
                guard let object = node as? [String: Any], let child = object[step.stringValue] else { return nil }
                node = child
            }
        }
        guard let object = node as? [String: Any] else { return nil }
        return object.keys.filter { $0 != key && editDistance($0.lowercased(), key.lowercased()) <= 2 }.sorted().first
    }

    /// The Levenshtein distance between two short strings.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The field and problem of a decoding failure of `data`.
    static func describe(_ error: DecodingError, in data: Data) -> DataFileError {
        switch error {
        case .keyNotFound(let key, let context):
            // A required field spelt wrong is missing, but the user typed it: name the spelling.
            let hint = misspelling(of: key.stringValue, at: context.codingPath, in: data).map { " (misspelt as '\($0)'?)" } ?? ""
            return DataFileError(kind: .missingField, field: fieldPath(context.codingPath + [key]), problem: "is missing\(hint)")
        case .typeMismatch(let type, let context):
            return wrongType(expected: type, at: context.codingPath, in: data)
        case .valueNotFound(let type, let context):
            return DataFileError(kind: .wrongType, field: fieldPath(context.codingPath), problem: "must be \(describe(type)), not null")
        case .dataCorrupted(let context):
            guard context.codingPath.isEmpty else {
                var problem = context.debugDescription
                if let underlying = context.underlyingError { problem += " (\(underlying))" }
                return DataFileError(kind: .invalidValue, field: fieldPath(context.codingPath), problem: problem)
            }
            guard (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else {
                return DataFileError(kind: .notJSON, field: "", problem: "not valid JSON")
            }
            // Valid JSON that Foundation's decoder still calls invalid, with no
            // path: a number that does not fit the field it is read into.
            if context.debugDescription.hasPrefix("The given data was not valid JSON") {
                return DataFileError(
                    kind: .invalidValue, field: "",
                    problem: "a number does not fit its field (a fraction or too large where a whole number belongs)")
            }
            return DataFileError(kind: .invalidValue, field: "", problem: context.debugDescription)
        @unknown default:
            return DataFileError(kind: .invalidValue, field: "", problem: "\(error)")
        }
    }

    /// `must be a whole number, not "4"`, with what the file holds there when it can be found.
    private static func wrongType(expected: Any.Type, at path: [any CodingKey], in data: Data) -> DataFileError {
        var problem = "must be \(describe(expected))"
        if let root = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
            let found = value(at: path, in: root)
        {
            problem += ", not \(describe(found: found))"
        }
        return DataFileError(kind: .wrongType, field: fieldPath(path), problem: problem)
    }

    /// A Swift type as a JSON reader names it.
    private static func describe(_ type: Any.Type) -> String {
        let whole: [Any.Type] = [
            Int.self, Int8.self, Int16.self, Int32.self, Int64.self,
            UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
        ]
        if whole.contains(where: { $0 == type }) { return "a whole number" }
        if type == Double.self || type == Float.self { return "a number" }
        if type == String.self { return "a string" }
        if type == Bool.self { return "true or false" }
        if type == [Any].self { return "a list" }
        if type == [String: Any].self { return "an object" }
        return "a \(type)"
    }

    /// A JSON value as a reader names it: its text when short, its kind otherwise.
    private static func describe(found: Any) -> String {
        if found is [String: Any] { return "an object" }
        if found is [Any] { return "a list" }
        guard let text = try? JSONSerialization.data(withJSONObject: found, options: .fragmentsAllowed) else { return "\(found)" }
        let json = String(decoding: text, as: UTF8.self)
        return json.count > 40 ? String(json.prefix(37)) + "..." : json
    }

    /// The value at a coding path in a JSON tree, if there is one.
    private static func value(at path: [any CodingKey], in root: Any) -> Any? {
        var current = root
        for key in path {
            if let list = current as? [Any], let index = key.intValue, list.indices.contains(index) {
                current = list[index]
            } else if let object = current as? [String: Any], let child = object[key.stringValue] {
                current = child
            } else {
                return nil
            }
        }
        return current
    }

    // MARK: - Unknown fields

    /// The first field of the JSON that decoding ignored (a misspelt or
    /// unknown key), found by comparing with the decoded value encoded again.
    private static func firstUnknownField<Value: Encodable>(in data: Data, decoded: Value) -> String? {
        guard let input = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed),
            let encoded = try? JSONEncoder().encode(decoded),
            let known = try? JSONSerialization.jsonObject(with: encoded, options: .fragmentsAllowed)
        else { return nil }
        return firstUnknown(input, known, path: "")
    }

    private static func firstUnknown(_ input: Any, _ known: Any, path: String) -> String? {
        if let object = input as? [String: Any], let knownObject = known as? [String: Any] {
            for key in object.keys.sorted() {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                guard let knownChild = knownObject[key] else {
                    // `null` is read as absent and not written back: nothing was lost.
                    if object[key] is NSNull { continue }
                    return childPath
                }
                if let found = firstUnknown(object[key] as Any, knownChild, path: childPath) { return found }
            }
        } else if let list = input as? [Any], let knownList = known as? [Any] {
            for (index, item) in list.enumerated() where index < knownList.count {
                if let found = firstUnknown(item, knownList[index], path: "\(path)[\(index)]") { return found }
            }
        }
        return nil
    }
}
