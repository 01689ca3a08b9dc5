import Foundation

/// The name the running program was started under, for its usage, help,
/// examples and errors. A game's own package runs the engine's commands from
/// its own executables (`noughts`, `noughts-server`), and those must name
/// themselves, not the engine's `duo` and `duo-server`: the name is read
/// from how the program was started, so no caller can forget to pass it.
public enum ProgramName {
    /// The last part of the path the program was started with (`argv[0]`:
    /// `noughts-server` for `.build/debug/noughts-server`), or `fallback`
    /// when there is none.
    /// - Parameter fallback: the name to use when the program was started with no name.
    public static func running(or fallback: String) -> String {
        guard let first = CommandLine.arguments.first, !first.isEmpty else { return fallback }
        let name = URL(fileURLWithPath: first).lastPathComponent
        return name.isEmpty ? fallback : name
    }
}
