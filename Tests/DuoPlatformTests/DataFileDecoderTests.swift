import DuoPlatform
import DuoSupport
import Foundation
import Testing

/// The strict data-file decoder: every kind of bad file is named by field
/// path and problem, and a field the format does not know is refused.
@Suite struct DataFileDecoderTests {
    struct Part: Codable, Equatable {
        var name: String
        var size: Int
        var note: String?
    }

    struct Sheet: Codable, Equatable {
        var title: String
        var scale: Double
        var visible: Bool
        var parts: [Part]
    }

    static let good = #"{"title": "t", "scale": 1.5, "visible": true, "parts": [{"name": "a", "size": 1}, {"name": "b", "size": 2, "note": "n"}]}"#

    static func failure(_ json: String) -> DataFileError? {
        do {
            _ = try DataFileDecoder.decode(Sheet.self, from: Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aGoodFileDecodes() throws {
        let sheet = try DataFileDecoder.decode(Sheet.self, from: Data(Self.good.utf8))
        #expect(sheet.parts[1] == Part(name: "b", size: 2, note: "n"))
    }

    @Test(arguments: [
        (
            #"{"title": "t", "scale": 1.5, "visible": true, "parts": [{"name": "a"}]}"#,
            DataFileError(kind: .missingField, field: "parts[0].size", problem: "is missing")
        ),
        (
            #"{"title": "t", "scale": 1.5, "visible": true, "parts": [{"name": "a", "size": "4"}]}"#,
            DataFileError(kind: .wrongType, field: "parts[0].size", problem: #"must be a whole number, not "4""#)
        ),
        (
            #"{"title": "t", "scale": "big", "visible": true, "parts": []}"#,
            DataFileError(kind: .wrongType, field: "scale", problem: #"must be a number, not "big""#)
        ),
        (
            #"{"title": 7, "scale": 1, "visible": true, "parts": []}"#,
            DataFileError(kind: .wrongType, field: "title", problem: "must be a string, not 7")
        ),
        (
            #"{"title": "t", "scale": 1, "visible": 1, "parts": []}"#,
            DataFileError(kind: .wrongType, field: "visible", problem: "must be true or false, not 1")
        ),
        (
            #"{"title": "t", "scale": 1, "visible": true, "parts": {}}"#,
            DataFileError(kind: .wrongType, field: "parts", problem: "must be a list, not an object")
        ),
        (
            #"{"title": "t", "scale": 1, "visible": true, "parts": [[1]]}"#,
            DataFileError(kind: .wrongType, field: "parts[0]", problem: "must be an object, not a list")
        ),
        (
            #"{"title": null, "scale": 1, "visible": true, "parts": []}"#,
            DataFileError(kind: .wrongType, field: "title", problem: "must be a string, not null")
        ),
        (
            #"{"title": "t", "scale": 1, "visible": true, "parts": [{"name": "a", "size": 2.5}]}"#,
            DataFileError(
                kind: .invalidValue, field: "", problem: "a number does not fit its field (a fraction or too large where a whole number belongs)")
        ),
        (
            #"{"title": "t", "scale": 1, "#,
            DataFileError(kind: .notJSON, field: "", problem: "not valid JSON")
        ),
        (
            #"{"title": "t", "scale": 1, "visible": true, "parts": [{"name": "a", "size": 1, "colour": "red"}]}"#,
            DataFileError(kind: .unknownField, field: "parts[0].colour", problem: "is not a known field (misspelt?)")
        ),
        (
            #"{"title": "t", "scale": 1, "visible": true, "parts": [], "titel": "t"}"#,
            DataFileError(kind: .unknownField, field: "titel", problem: "is not a known field (misspelt?)")
        ),
    ])
    func badFilesNameTheFieldAndTheProblem(json: String, expected: DataFileError) {
        #expect(Self.failure(json) == expected)
    }

    @Test func aNullOptionalFieldIsTheSameAsLeavingItOut() throws {
        let json = #"{"title": "t", "scale": 1, "visible": true, "parts": [{"name": "a", "size": 1, "note": null}]}"#
        #expect(try DataFileDecoder.decode(Sheet.self, from: Data(json.utf8)).parts[0].note == nil)
    }

    @Test func theLenientDecoderIgnoresUnknownFieldsButNotBadOnes() throws {
        let extra = #"{"title": "t", "scale": 1, "visible": true, "parts": [], "later": {"added": 1}}"#
        #expect(try DataFileDecoder.decodeIgnoringUnknownFields(Sheet.self, from: Data(extra.utf8)).title == "t")
        #expect(throws: DataFileError(kind: .missingField, field: "parts", problem: "is missing")) {
            try DataFileDecoder.decodeIgnoringUnknownFields(Sheet.self, from: Data(#"{"title": "t", "scale": 1, "visible": true}"#.utf8))
        }
    }

    @Test func aLongWrongValueIsClipped() {
        let long = String(repeating: "x", count: 100)
        let error = Self.failure(#"{"title": "t", "scale": "\#(long)", "visible": true, "parts": []}"#)
        #expect(error?.problem == "must be a number, not \"" + String(repeating: "x", count: 36) + "...")
    }

    @Test func anUnreadableFileSaysWhy() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("duo-absent-\(UUID().uuidString).json")
        #expect(throws: DataFileError.self) { try DataFileDecoder.contents(of: missing) }
        do {
            _ = try DataFileDecoder.contents(of: missing)
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description.hasPrefix("cannot be read ("))
        }
    }

    @Test func theDescriptionIsFieldThenProblem() {
        #expect(DataFileError(kind: .missingField, field: "a[0].b", problem: "is missing").description == "a[0].b: is missing")
        #expect(DataFileError(kind: .notJSON, field: "", problem: "not valid JSON").description == "not valid JSON")
    }
}
