import DuoClient
import DuoTestSupport
import Foundation
import Testing

/// Every JSON example of docs/PROTOCOL.md, docs/BOTS.md, docs/REPLAY.md and
/// docs/SCALING.md holds to the schema it illustrates (`Assets/schemas/`),
/// checked with the engine's own checker: the example session's lines (each
/// message, and the game's payloads in it), the replay lines, the moves, and
/// the `hello` a balancer routes on. An example shortened with `…` is checked
/// for what it shows: the fields it leaves out are not missing, every field
/// it shows must be the schema's, with the schema's type and values.
@Suite struct DocsJSONExamplesTests {
    static let schemas: ProtocolSchemas = {
        do {
            return try ProtocolSchemas(directory: PackageRoot.assets.appendingPathComponent("schemas"))
        } catch {
            fatalError("the schemas do not load: \(error)")
        }
    }()

    static func text(_ doc: String) throws -> String {
        try String(contentsOf: PackageRoot.url.appendingPathComponent(doc), encoding: .utf8)
    }

    /// An example made parseable: `…` inside an object stands for fields left
    /// out (the object is then partial: its missing fields are not checked),
    /// inside an array for items left out.
    struct Example {
        let value: JSONValue
        /// Paths (`$.view`, `$.rules.fleet[0]`) of the objects that left fields out.
        let partial: Set<String>

        init(_ text: String) throws {
            var output = ""
            var stack: [Character] = []
            var inString = false
            var escaped = false
            var marks = 0
            for character in text {
                if inString {
                    output.append(character)
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                    continue
                }
                switch character {
                case "\"":
                    inString = true
                    output.append(character)
                case "{", "[":
                    stack.append(character)
                    output.append(character)
                case "}", "]":
                    stack.removeLast()
                    if output.last == "," { output.removeLast() }
                    output.append(character)
                case "…":
                    if stack.last == "{" {
                        marks += 1
                        output += "\"…\(marks)\":true"
                    } else if output.last == "," {
                        output.removeLast()  // an array's items left out
                    }
                default:
                    output.append(character)
                }
            }
            output = output.replacingOccurrences(of: "[,", with: "[")
            var partial: Set<String> = []
            value = Self.strip(try JSONValue(parsing: Array(output.utf8)), at: "$", partial: &partial)
            self.partial = partial
        }

        private static func strip(_ value: JSONValue, at path: String, partial: inout Set<String>) -> JSONValue {
            switch value {
            case .object(let members):
                var kept: [String: JSONValue] = [:]
                for (name, member) in members {
                    if name.hasPrefix("…") {
                        partial.insert(path)
                    } else {
                        kept[name] = strip(member, at: "\(path).\(name)", partial: &partial)
                    }
                }
                return .object(kept)
            case .array(let items):
                return .array(items.enumerated().map { strip($0.element, at: "\(path)[\($0.offset)]", partial: &partial) })
            default:
                return value
            }
        }

        /// The violations of `definition` in `schema`, but for fields an ellipsis left out.
        func violations(of definition: String, in schema: JSONSchema, value: JSONValue? = nil, at base: String = "$") -> [String] {
            schema.validate(value ?? self.value, definition: definition).filter { violation in
                let path = base + violation.path.dropFirst()
                return !(violation.problem.hasPrefix("missing field") && partial.contains(path))
            }.map { "\(base + $0.path.dropFirst()): \($0.problem)" }
        }

        func member(_ name: String) -> JSONValue? {
            if case .object(let members) = value { return members[name] }
            return nil
        }
    }

    /// Checks one message of the protocol, and its game payloads against `game`'s schema.
    static func messageViolations(_ example: Example, fromClient: Bool, game: String) -> [String] {
        guard case .string(let type)? = example.member("type") else { return ["no string type"] }
        let messages = schemas.messages
        guard let payloads = schemas.games[game] else { return ["no schema for \(game)"] }
        if fromClient {
            let definition = ["legal", "hint", "resign", "ping"].contains(type) ? "client.request" : "client.\(type)"
            var problems = example.violations(of: definition, in: messages)
            if type == "move", let move = example.member("move") {
                problems += example.violations(of: "move", in: payloads, value: move, at: "$.move")
            }
            return problems
        }
        let definition = ["created", "joined", "resumed"].contains(type) ? "server.seated" : "server.\(type)"
        var problems = example.violations(of: definition, in: messages)
        switch type {
        case "created", "joined", "resumed", "watching":
            if let rules = example.member("rules") { problems += example.violations(of: "rules", in: payloads, value: rules, at: "$.rules") }
        case "view":
            if let view = example.member("view") {
                let kind = example.member("seat") == .null ? "publicView" : "seatView"
                problems += example.violations(of: kind, in: payloads, value: view, at: "$.view")
            }
        case "hint":
            if let move = example.member("move"), move != .null {
                problems += example.violations(of: "move", in: payloads, value: move, at: "$.move")
            }
        default:
            break
        }
        return problems
    }

    /// The text of every fenced block of `doc`.
    static func fencedLines(_ doc: String) throws -> [String] {
        var lines: [String] = []
        var inside = false
        for line in try text(doc).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inside.toggle()
            } else if inside {
                lines.append(String(line))
            }
        }
        return lines
    }

    /// The spans in code voice of `doc` outside its fenced blocks.
    static func spans(_ doc: String) throws -> [String] {
        let prose = try text(doc).replacingOccurrences(of: #"(?ms)^```.*?^```"#, with: "", options: .regularExpression)
        return prose.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { $0.element.replacingOccurrences(of: "\n", with: " ") }
    }

    @Test("every line of PROTOCOL.md's example session is a message of the protocol, its payloads Broadside's")
    func theExampleSessionHoldsToTheSchemas() throws {
        var checked = 0
        for line in try Self.fencedLines("docs/PROTOCOL.md") {
            guard let match = line.firstMatch(of: /^[A-Z] ([<>]) (\{.*\})$/) else { continue }
            let example = try Example(String(match.2))
            let problems = Self.messageViolations(example, fromClient: match.1 == ">", game: "broadside")
            #expect(problems.isEmpty, "docs/PROTOCOL.md: \(line): \(problems)")
            checked += 1
        }
        #expect(checked >= 35, "the session has \(checked) lines")
    }

    @Test("the hello line of SCALING.md is a client message")
    func theHelloABalancerRoutesOnIsAMessage() throws {
        let lines = try Self.fencedLines("docs/SCALING.md").filter { $0.hasPrefix(#"{"type":"hello""#) }
        #expect(!lines.isEmpty)
        for line in lines {
            let problems = Self.messageViolations(try Example(line), fromClient: true, game: "broadside")
            #expect(problems.isEmpty, "docs/SCALING.md: \(line): \(problems)")
        }
    }

    @Test("every line of REPLAY.md's example replay is a replay line, its moves Broadside's")
    func theExampleReplayHoldsToTheSchemas() throws {
        var checked = 0
        for line in try Self.fencedLines("docs/REPLAY.md") where line.hasPrefix(#"{"type":"#) {
            let example = try Example(line)
            guard case .string(let type)? = example.member("type") else { continue }
            var problems = example.violations(of: "replay.\(type)", in: Self.schemas.messages)
            problems += example.violations(of: "replayLine", in: Self.schemas.messages)
            if let move = example.member("move") {
                problems += example.violations(of: "move", in: try #require(Self.schemas.games["broadside"]), value: move, at: "$.move")
            }
            #expect(problems.isEmpty, "docs/REPLAY.md: \(line): \(problems)")
            checked += 1
        }
        #expect(checked >= 4)
    }

    @Test("every move in code voice of BOTS.md, REPLAY.md and PROTOCOL.md's Broadside section is a Broadside move")
    func theMovesInCodeVoiceAreMoves() throws {
        let broadside = try #require(Self.schemas.games["broadside"])
        var checked = 0
        for doc in ["docs/BOTS.md", "docs/REPLAY.md", "docs/PROTOCOL.md"] {
            for span in try Self.spans(doc) where span.hasPrefix("{\"place\"") || span.hasPrefix("{\"fire\"") || span.hasPrefix("{\"reset\"") {
                guard let example = try? Example(span) else { continue }  // a pattern such as {"place": placement}
                let problems = example.violations(of: "move", in: broadside)
                #expect(problems.isEmpty, "\(doc): `\(span)`: \(problems)")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test("the replays duo-server match writes hold to the replay lines' schema")
    func realReplaysHoldToTheSchema() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-replay-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try BuiltExecutable(named: "duo-server")
        for game in [["--bots", "hunt,random"], ["--game", "minigolf", "--bots", "random,random"]] {
            let run = try server.run(["match", "--games", "1", "--quiet", "--replays", folder.path] + game)
            #expect(run.status == 0, "\(run.errorOutput)")
            let replay = try String(contentsOf: folder.appendingPathComponent("match-000000.jsonl"), encoding: .utf8)
            for line in replay.split(separator: "\n") {
                let problems = Self.schemas.messages.validate(try JSONValue(parsing: Array(line.utf8)), definition: "replayLine")
                #expect(problems.isEmpty, "\(line): \(problems)")
            }
        }
    }

    @Test("a shortened example is checked for what it shows: a misnamed field or a wrong value fails")
    func aStaleExampleFails() throws {
        let good = try Example(#"{"type":"view","code":"XTQHUE","seat":0,"moves":1,"toMove":[0,1],"view":{…,"phase":"placing",…}}"#)
        #expect(Self.messageViolations(good, fromClient: false, game: "broadside").isEmpty)
        let misnamed = try Example(#"{"type":"view","code":"XTQHUE","seat":0,"moves":1,"toMove":[0,1],"view":{…,"stage":"placing"}}"#)
        #expect(!Self.messageViolations(misnamed, fromClient: false, game: "broadside").isEmpty)
        let wrongValue = try Example(#"{"type":"view","code":"XTQHUE","seat":0,"moves":1,"toMove":[0,1],"view":{…,"phase":"sailing"}}"#)
        #expect(!Self.messageViolations(wrongValue, fromClient: false, game: "broadside").isEmpty)
        let unshortened = try Example(#"{"type":"ended","code":"XTQHUE","result":{"reason":"forfeit"}}"#)
        #expect(Self.messageViolations(unshortened, fromClient: false, game: "broadside").contains { $0.contains("missing field scores") })
        let oldField = try Example(#"{"type":"ended","code":"XTQHUE","result":{"reason":"forfeit","shots":[0,0]}}"#)
        #expect(!Self.messageViolations(oldField, fromClient: false, game: "broadside").isEmpty)
    }
}
