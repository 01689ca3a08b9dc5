import DuoClient
import DuoServerKit
import Foundation
import Testing

/// The schema validator checks what it says (and refuses schemas beyond
/// its subset), and the protocol's schemas catch a line that drifts.
@Suite struct JSONSchemaTests {
    private func schema(_ text: String) throws -> JSONSchema {
        try JSONSchema(data: Data(text.utf8))
    }

    private func value(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    @Test func eachKeywordOfTheSubsetIsChecked() throws {
        let document = try schema(
            """
            {"definitions": {
               "seat": {"type": "integer", "enum": [0, 1]},
               "thing": {"type": "object", "additionalProperties": false, "required": ["seat", "name"],
                         "properties": {"seat": {"$ref": "#/definitions/seat"}, "name": {"type": "string", "minLength": 1, "maxLength": 3},
                                        "kind": {"const": "x"}, "list": {"type": "array", "maxItems": 2, "items": {"type": "integer", "minimum": 1, "maximum": 9}},
                                        "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                                        "maybe": {"anyOf": [{"type": "null"}, {"type": "boolean"}]}}}}}
            """)
        #expect(document.validate(try value(#"{"seat":1,"name":"ab","kind":"x","list":[1,9],"either":3,"maybe":null}"#), definition: "thing").isEmpty)
        let cases: [(String, String)] = [
            (#"{"seat":1}"#, "missing field name"),
            (#"{"seat":2,"name":"a"}"#, "2 is not one of 0, 1"),
            (#"{"seat":1.0,"name":"a"}"#, "expected integer, found number"),
            (#"{"seat":1,"name":"abcd"}"#, "longer than 3"),
            (#"{"seat":1,"name":"a","extra":0}"#, "unexpected field extra"),
            (#"{"seat":1,"name":"a","kind":"y"}"#, "must be \"x\""),
            (#"{"seat":1,"name":"a","list":[1,2,3]}"#, "more than 2 items"),
            (#"{"seat":1,"name":"a","list":[0]}"#, "below the minimum 1"),
            (#"{"seat":1,"name":"a","either":true}"#, "matches none of oneOf"),
            (#"{"seat":1,"name":"a","maybe":3}"#, "matches none of anyOf"),
            (#"[]"#, "expected object, found array"),
        ]
        for (text, problem) in cases {
            let found = document.validate(try value(text), definition: "thing")
            #expect(found.contains { $0.problem.contains(problem) }, "\(text): \(found)")
        }
    }

    @Test("A missing schema folder is one sentence naming it, not a Foundation error")
    func missingFolderIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-schemas-\(UUID().uuidString)")
        let error = try #require(throws: JSONSchemaError.self) { try ProtocolSchemas(directory: folder) }
        #expect(error.description.contains("no schema folder at \(folder.path)"))
        #expect(error.description.contains("protocol.json"))
    }

    @Test func aSchemaBeyondTheSubsetOrWithABadReferenceIsRefused() throws {
        #expect(throws: JSONSchemaError.self) { try schema(#"{"type": "string", "pattern": "^a"}"#) }
        #expect(throws: JSONSchemaError.self) { try schema(##"{"$ref": "#/definitions/nowhere"}"##) }
        #expect(throws: JSONSchemaError.self) { try schema(#"{"type": "text"}"#) }
    }

    @Test func theProtocolSchemasCatchALineThatDrifts() throws {
        let schemas = try ProtocolSchemas(directory: TestServer.assets.appendingPathComponent("schemas"))
        #expect(Set(schemas.games.keys) == ["broadside", "minigolf"])
        let good =
            #"{"type":"view","code":"K7QF2M","seat":null,"moves":0,"toMove":[0,1],"view":{"afloat":[[0,1,2,3,4],[0,1,2,3,4]],"boards":[{"hits":[],"shots":[],"sunk":[]},{"hits":[],"shots":[],"sunk":[]}],"phase":"placing","ready":[false,false],"salvoSize":0,"shotsFired":[0,0]}}"#
        #expect(schemas.violations(ofServerLine: Array(good.utf8), game: "broadside").isEmpty)
        let drifted = [
            good.replacingOccurrences(of: #""phase":"placing""#, with: #""phase":"sailing""#),
            good.replacingOccurrences(of: #""moves":0"#, with: #""moves":"0""#),
            good.replacingOccurrences(of: #""shots":[]"#, with: #""shots":["Z1"]"#),
            good.replacingOccurrences(of: #""ready":[false,false]"#, with: #""ready":[false]"#),
            good.replacingOccurrences(of: #""type":"view","#, with: #""type":"view","extra":1,"#),
        ]
        for line in drifted {
            #expect(!schemas.violations(ofServerLine: Array(line.utf8), game: "broadside").isEmpty, "\(line)")
        }
    }
}
