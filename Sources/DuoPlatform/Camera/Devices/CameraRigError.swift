/// A camera rig file that cannot be used, named by file and field.
import DuoSupport

public struct CameraRigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or the profile name when no file was found).
    public var file: String
    /// The field, as a path (`cameras[1].mount`); empty for the whole file.
    public var field: String
    /// What is wrong, as a sentence fragment.
    public var problem: String

    /// Makes an error.
    public init(file: String, field: String, problem: String) {
        self.file = file
        self.field = field
        self.problem = problem
    }

    /// The error of a rig file that did not decode.
    public init(file: String, _ error: DataFileError) {
        self.init(file: file, field: error.field, problem: error.problem)
    }

    /// `camera rig FILE: FIELD PROBLEM`, one line.
    public var description: String {
        field.isEmpty ? "camera rig \(file): \(problem)" : "camera rig \(file): \(field) \(problem)"
    }
}
