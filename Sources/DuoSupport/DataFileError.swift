/// Why a data file (a profile, a camera rig, a game's rules, a line of a
/// replay) could not be decoded: the field, as a path such as
/// `holes[2].cup` (empty for the whole file), and the problem in words.
///
/// Each loader wraps it in its own error type, which adds the file's name
/// (DuoPlatform's `ProfileError` and `CameraRigError`, the engine's `GameDataError`).
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for a loader that words some kinds its own way.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The file could not be read at all.
        case unreadable
        /// The bytes are not JSON (a cut or corrupt file).
        case notJSON
        /// A field the format requires is absent.
        case missingField
        /// A field holds another kind of JSON value (a string for a number, null).
        case wrongType
        /// A field has the right type but a value the format refuses.
        case invalidValue
        /// A field the format does not have: misspelt, or from another format.
        case unknownField
    }

    /// What went wrong.
    public var kind: Kind
    /// The field's path (`displays.inner.occlusions[0].frame`); empty for the whole file.
    public var field: String
    /// What is wrong with it, as a sentence fragment (`is missing`).
    public var problem: String

    /// Makes an error.
    public init(kind: Kind, field: String, problem: String) {
        self.kind = kind
        self.field = field
        self.problem = problem
    }

    /// `field: problem`, or the problem alone for the whole file.
    public var description: String { field.isEmpty ? problem : "\(field): \(problem)" }
}
