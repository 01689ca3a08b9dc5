import Foundation

/// The JSON Schemas of the protocol (`Assets/schemas/`): `protocol.json`
/// for the messages themselves and one `GAME.json` per game for its
/// payloads (rules, seat view, public view, move), each with those four
/// definitions. Checks a whole server line, payloads included: what the
/// tests run on every line the server sends them.
///
/// A game supplies its schema by adding its file; a game without one has
/// its payloads checked only as objects.
public struct ProtocolSchemas: Sendable {
    /// `protocol.json`.
    public let messages: JSONSchema
    /// Each game's schema, by game name.
    public let games: [String: JSONSchema]

    /// The definitions a game's schema must have.
    public static let gameDefinitions = ["move", "seatView", "publicView", "rules"]

    /// Loads `protocol.json` and every other `.json` file of `directory` as
    /// the schema of the game its file is named after.
    /// - Throws: ``JSONSchemaError`` for a file that is not a schema of the
    ///   supported subset, or a game schema without the four definitions.
    public init(directory: URL) throws {
        guard let listing = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) else {
            throw JSONSchemaError(
                "no schema folder at \(directory.path): it holds protocol.json and one schema per game (the engine's are in its Assets/schemas)")
        }
        let files = listing.filter { $0.pathExtension == "json" }
        var messages: JSONSchema?
        var games: [String: JSONSchema] = [:]
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let schema: JSONSchema
            do {
                schema = try JSONSchema(data: try Data(contentsOf: file))
            } catch let error as JSONSchemaError {
                throw JSONSchemaError("\(file.lastPathComponent): \(error)")
            }
            if name == "protocol" {
                messages = schema
            } else {
                let missing = Self.gameDefinitions.filter { !schema.definitionNames.contains($0) }
                guard missing.isEmpty else { throw JSONSchemaError("\(file.lastPathComponent): no definition \(missing.joined(separator: ", "))") }
                games[name] = schema
            }
        }
        guard let messages else { throw JSONSchemaError("no protocol.json in \(directory.path)") }
        self.messages = messages
        self.games = games
    }

    /// Every way `line` (one server message, without its newline) breaks
    /// the schemas; empty when it conforms. `game` is the game of the
    /// receiver's match, for the payloads (nil before it has one).
    public func violations(ofServerLine line: [UInt8], game: String?) -> [String] {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: line)
        } catch {
            return ["not JSON"]
        }
        guard case .object(let fields) = value, case .string(let type)? = fields["type"] else {
            return ["not an object with a string type"]
        }
        let definition =
            switch type {
            case "created", "joined", "resumed": "server.seated"
            default: "server.\(type)"
            }
        var problems = messages.validate(value, definition: definition).map(\.description)
        // The game named in the message wins over the caller's guess.
        if case .string(let named)? = fields["game"], games[named] != nil {
            problems += payloadViolations(fields, type: type, schema: games[named]!)
        } else if let game, let schema = games[game] {
            problems += payloadViolations(fields, type: type, schema: schema)
        }
        return problems
    }

    private func payloadViolations(_ fields: [String: JSONValue], type: String, schema: JSONSchema) -> [String] {
        func check(_ value: JSONValue?, _ definition: String, _ path: String) -> [String] {
            guard let value else { return [] }
            return schema.validate(value, definition: definition).map { "\(path)\($0.path.dropFirst()): \($0.problem)" }
        }
        switch type {
        case "created", "joined", "resumed", "watching":
            return check(fields["rules"], "rules", "$.rules")
        case "view":
            return check(fields["view"], fields["seat"] == .null ? "publicView" : "seatView", "$.view")
        case "legal":
            guard case .array(let moves)? = fields["moves"] else { return [] }
            return moves.enumerated().flatMap { check($0.element, "move", "$.moves[\($0.offset)]") }
        case "hint":
            return fields["move"] == .null ? [] : check(fields["move"], "move", "$.move")
        default:
            return []
        }
    }
}
