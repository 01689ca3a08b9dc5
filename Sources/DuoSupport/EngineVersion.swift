/// The engine's version, compiled into every program and library: what
/// `duo --version` and `duo-server --version` print and what a server's
/// `welcome` carries.
///
/// A release's build carries the release's number (`0.2.0`). Between releases
/// it is the next patch number with `-dev` after it (`0.1.1-dev` after
/// `0.1.0`): a semantic-version pre-release that sorts after the last release
/// and before whichever release comes next, so no build between two releases
/// claims to be either. The `release` file at the top of the repository names
/// the last release and its commit; `ReleaseTests` holds this value to that
/// file and to `CHANGELOG.md` (docs/RELEASING.md).
public enum EngineVersion {
    /// This build's version, a semantic version (`0.1.1-dev`).
    public static let current = "0.1.1-dev"
}

extension EngineVersion {
    /// What a program built on the engine prints after its name for `--version`: its own
    /// version followed by the engine's (`1.0.0 (Duo engine 0.1.1-dev)`); the engine's alone
    /// when they are the same (the engine's own programs: `0.1.1-dev`); the engine's in
    /// parentheses when the program gives none (`(Duo engine 0.1.1-dev)`).
    /// - Parameter own: the program's own version (a game package's), nil for none.
    public static func programVersion(_ own: String?) -> String {
        guard let own else { return "(Duo engine \(current))" }
        return own == current ? current : "\(own) (Duo engine \(current))"
    }
}
