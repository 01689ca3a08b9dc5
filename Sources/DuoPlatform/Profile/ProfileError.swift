/// A device profile that cannot be used: it names the file, the field and
/// the problem, e.g. `profile duo.json: displays.inner.width: must be a
/// positive number of points, not -3`.
import DuoSupport

public struct ProfileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (as given), or the profile name when no file was found.
    public var file: String
    /// The field's path in the JSON (`fold.defaultPosition`,
    /// `displays.outer.occlusions[0].frame`), empty for the whole file.
    public var field: String
    /// What is wrong, in words.
    public var problem: String

    /// Makes an error.
    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    /// The error of a profile file that did not decode.
    public init(file: String, _ error: DataFileError) {
        self.init(file: file, field: error.field, problem: error.problem)
    }

    /// One line: `profile FILE: FIELD: PROBLEM`.
    public var description: String {
        field.isEmpty ? "profile \(file): \(problem)" : "profile \(file): \(field): \(problem)"
    }
}
