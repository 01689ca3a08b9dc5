import Foundation

/// A JSON Schema document (the subset the protocol's schemas use) that
/// checks ``JSONValue``s: how tests hold every message the server sends to
/// `Assets/schemas/`, and what a client author can check its own against.
///
/// Keywords: `type` (one name or a list: `object`, `array`, `string`,
/// `integer`, `number`, `boolean`, `null`), `properties`, `required`,
/// `additionalProperties` (a boolean or a schema), `items`, `minItems`,
/// `maxItems`, `enum`, `const`, `minimum`, `maximum`, `minLength`,
/// `maxLength`, `oneOf`, `anyOf` and `$ref` to `#/definitions/NAME`;
/// annotations (`$schema`, `$id`, `$comment`, `title`, `description`,
/// `definitions`, `examples`) are read past. Any other keyword makes the
/// document an error, so a schema never silently checks less than it says.
///
/// `integer` is strict, as the protocol is: a number written with a
/// fraction or an exponent (`1.0`, `1e0`) is not an integer.
public struct JSONSchema: Sendable {
    /// The whole document.
    public let document: JSONValue
    private let definitions: [String: JSONValue]

    private static let keywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "enum", "const",
        "minimum", "maximum", "minLength", "maxLength", "oneOf", "anyOf", "$ref",
        "$schema", "$id", "$comment", "title", "description", "definitions", "examples",
    ]

    /// Reads a schema document and checks that it uses only the subset.
    /// - Throws: ``JSONSchemaError`` naming the first unknown keyword or bad reference.
    public init(_ document: JSONValue) throws(JSONSchemaError) {
        self.document = document
        if case .object(let members) = document, case .object(let definitions)? = members["definitions"] {
            self.definitions = definitions
        } else {
            definitions = [:]
        }
        try check(document, at: "#")
    }

    /// Reads a schema from JSON text.
    /// - Throws: ``JSONSchemaError`` when the text is not JSON or not a schema of the subset.
    public init(data: Data) throws(JSONSchemaError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: [UInt8](data))
        } catch {
            throw JSONSchemaError("not valid JSON")
        }
        try self.init(value)
    }

    /// The names under `definitions`.
    public var definitionNames: [String] { definitions.keys.sorted() }

    /// Checks `value` against the whole document, or against one of its
    /// definitions; returns every violation (none when it conforms).
    public func validate(_ value: JSONValue, definition: String? = nil) -> [JSONSchemaViolation] {
        var violations: [JSONSchemaViolation] = []
        if let definition {
            guard let schema = definitions[definition] else {
                return [JSONSchemaViolation(path: "$", problem: "the schema has no definition \(definition)")]
            }
            check(value, against: schema, at: "$", into: &violations)
        } else {
            check(value, against: document, at: "$", into: &violations)
        }
        return violations
    }

    // MARK: Checking the schema itself

    private func check(_ schema: JSONValue, at location: String) throws(JSONSchemaError) {
        if case .bool = schema { return }
        guard case .object(let members) = schema else { throw JSONSchemaError("\(location) is not a schema (an object or a boolean)") }
        for (key, value) in members {
            guard Self.keywords.contains(key) else { throw JSONSchemaError("\(location): keyword \(key) is not in the supported subset") }
            switch key {
            case "properties", "definitions":
                guard case .object(let children) = value else { throw JSONSchemaError("\(location)/\(key) must be an object") }
                for (name, child) in children { try check(child, at: "\(location)/\(key)/\(name)") }
            case "items", "additionalProperties":
                try check(value, at: "\(location)/\(key)")
            case "oneOf", "anyOf":
                guard case .array(let choices) = value, !choices.isEmpty else {
                    throw JSONSchemaError("\(location)/\(key) must be a non-empty array")
                }
                for (index, choice) in choices.enumerated() { try check(choice, at: "\(location)/\(key)/\(index)") }
            case "$ref":
                guard case .string(let reference) = value, let name = Self.definitionName(reference), definitions[name] != nil else {
                    throw JSONSchemaError("\(location): $ref \(value.compactText) does not name one of the document's definitions")
                }
            case "type":
                let names: [JSONValue]
                if case .array(let list) = value { names = list } else { names = [value] }
                for name in names {
                    guard case .string(let text) = name, Self.typeNames.contains(text) else {
                        throw JSONSchemaError("\(location): \(name.compactText) is not a type name")
                    }
                }
            default:
                break
            }
        }
    }

    private static let typeNames: Set<String> = ["object", "array", "string", "integer", "number", "boolean", "null"]

    private static func definitionName(_ reference: String) -> String? {
        for prefix in ["#/definitions/", "#/$defs/"] where reference.hasPrefix(prefix) {
            return String(reference.dropFirst(prefix.count))
        }
        return nil
    }

    // MARK: Checking values

    private func check(_ value: JSONValue, against schema: JSONValue, at path: String, into violations: inout [JSONSchemaViolation]) {
        switch schema {
        case .bool(true): return
        case .bool(false):
            violations.append(JSONSchemaViolation(path: path, problem: "no value is allowed here"))
            return
        case .object(let rules):
            check(value, rules: rules, at: path, into: &violations)
        default:
            return
        }
    }

    private func check(_ value: JSONValue, rules: [String: JSONValue], at path: String, into violations: inout [JSONSchemaViolation]) {
        func fail(_ problem: String) { violations.append(JSONSchemaViolation(path: path, problem: problem)) }

        if case .string(let reference)? = rules["$ref"], let name = Self.definitionName(reference), let target = definitions[name] {
            check(value, against: target, at: path, into: &violations)
        }
        if let type = rules["type"] {
            let names: [String]
            switch type {
            case .string(let name): names = [name]
            case .array(let list): names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: names = []
            }
            guard names.contains(where: { Self.value(value, hasType: $0) }) else {
                fail("expected \(names.joined(separator: " or ")), found \(Self.typeName(of: value))")
                return
            }
        }
        if let allowed = rules["const"], allowed != value { fail("must be \(allowed.compactText), not \(value.compactText)") }
        if case .array(let allowed)? = rules["enum"], !allowed.contains(value) {
            let list = allowed.count <= 12 ? allowed.map(\.compactText).joined(separator: ", ") : "\(allowed.count) values"
            fail("\(value.compactText) is not one of \(list)")
        }
        if let number = Self.number(value) {
            if let minimum = rules["minimum"].flatMap(Self.number), number < minimum {
                fail("\(value.compactText) is below the minimum \(Self.text(minimum))")
            }
            if let maximum = rules["maximum"].flatMap(Self.number), number > maximum {
                fail("\(value.compactText) is above the maximum \(Self.text(maximum))")
            }
        }
        if case .string(let text) = value {
            let length = text.unicodeScalars.count
            if let minimum = rules["minLength"].flatMap(Self.number), Double(length) < minimum {
                fail("shorter than \(Self.text(minimum)) characters")
            }
            if let maximum = rules["maxLength"].flatMap(Self.number), Double(length) > maximum {
                fail("longer than \(Self.text(maximum)) characters")
            }
        }
        if case .array(let items) = value {
            if let minimum = rules["minItems"].flatMap(Self.number), Double(items.count) < minimum { fail("fewer than \(Self.text(minimum)) items") }
            if let maximum = rules["maxItems"].flatMap(Self.number), Double(items.count) > maximum { fail("more than \(Self.text(maximum)) items") }
            if let itemSchema = rules["items"] {
                for (index, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(index)]", into: &violations) }
            }
        }
        if case .object(let members) = value {
            if case .array(let required)? = rules["required"] {
                for case .string(let name) in required where members[name] == nil { fail("missing field \(name)") }
            }
            var properties: [String: JSONValue] = [:]
            if case .object(let declared)? = rules["properties"] { properties = declared }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let schema = properties[name] {
                    check(member, against: schema, at: "\(path).\(name)", into: &violations)
                } else if let extra = rules["additionalProperties"] {
                    if extra == .bool(false) {
                        fail("unexpected field \(name)")
                    } else {
                        check(member, against: extra, at: "\(path).\(name)", into: &violations)
                    }
                }
            }
        }
        if case .array(let choices)? = rules["anyOf"] {
            let matches = choices.contains { choice in
                var scratch: [JSONSchemaViolation] = []
                check(value, against: choice, at: path, into: &scratch)
                return scratch.isEmpty
            }
            if !matches { fail("matches none of anyOf's \(choices.count) schemas\(closest(value, choices, at: path))") }
        }
        if case .array(let choices)? = rules["oneOf"] {
            let matching = choices.filter { choice in
                var scratch: [JSONSchemaViolation] = []
                check(value, against: choice, at: path, into: &scratch)
                return scratch.isEmpty
            }.count
            if matching != 1 {
                fail(
                    matching == 0
                        ? "matches none of oneOf's \(choices.count) schemas\(closest(value, choices, at: path))"
                        : "matches \(matching) of oneOf's schemas, not exactly one")
            }
        }
    }

    /// The violations of the choice that came nearest, to explain a failed `oneOf`/`anyOf`.
    private func closest(_ value: JSONValue, _ choices: [JSONValue], at path: String) -> String {
        var best: [JSONSchemaViolation]?
        for choice in choices {
            var scratch: [JSONSchemaViolation] = []
            check(value, against: choice, at: path, into: &scratch)
            if best == nil || scratch.count < best!.count { best = scratch }
        }
        guard let best, !best.isEmpty else { return "" }
        return " (nearest: " + best.prefix(3).map(\.description).joined(separator: "; ") + ")"
    }

    private static func value(_ value: JSONValue, hasType name: String) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
            ("string", .string), ("array", .array), ("object", .object):
            true
        default: false
        }
    }

    private static func typeName(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let whole): Double(whole)
        case .number(let number): number
        default: nil
        }
    }

    private static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}

/// A value that does not conform: where (`$.view.fleet[0].at`) and why.
public struct JSONSchemaViolation: Sendable, Equatable, CustomStringConvertible {
    /// The path of the offending value from the root (`$`).
    public var path: String
    /// What is wrong with it.
    public var problem: String

    /// "$.view.phase: "sailing" is not one of ...".
    public var description: String { "\(path): \(problem)" }
}

/// A schema document that cannot be used.
public struct JSONSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, with where.
    public var description: String

    init(_ description: String) { self.description = description }
}

extension JSONValue {
    /// The compact JSON text, for messages.
    var compactText: String { String(decoding: serialized, as: UTF8.self) }
}
