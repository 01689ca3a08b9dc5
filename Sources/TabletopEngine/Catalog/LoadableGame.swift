import DuoSupport
import Foundation

/// A game whose rules variants are data files: what the catalog needs to
/// load it by name.
///
/// Variants live in `Assets/games/<name>/<variant>.json`; the file's name
/// (without `.json`) is the variant's name.
public protocol LoadableGame: TabletopGame {
    /// The variant played when none is named (`classic`).
    static var defaultVariant: String { get }
    /// One sentence saying what the game is, for `--help` and listings.
    static var summary: String { get }
    /// Loads the rules of `variant` from its file's bytes.
    /// - Throws: ``GameDataError`` naming the field and the problem.
    init(variant: String, rulesData: Data) throws(GameDataError)
}

/// Rules data that cannot be used: the field (a path such as `fleet[2].length`) and why.
public struct GameDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path of the offending field; empty for the whole file.
    public let field: String
    /// What is wrong with it.
    public let problem: String

    /// Makes an error about `field`.
    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// The error of a rules file that did not decode: load rules with
    /// `DataFileDecoder.decode(_:from:)` and wrap what it throws in this.
    public init(_ error: DataFileError) {
        self.init(field: error.field, problem: error.problem)
    }

    /// "fleet[2].length: must be 1...16, not 0".
    public var description: String { field.isEmpty ? problem : "\(field): \(problem)" }
}
