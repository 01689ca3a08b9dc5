/// Where an installed program's files are under its prefix (`make install`,
/// docs/INSTALL.md), for the programs to find what was installed with them.
///
/// Programs come in families named after their desktop program: `duo`,
/// `duo-server` and `duo-bench` share `share/duo`; a game package's
/// `noughts` and `noughts-server` share `share/noughts`.
public enum InstallLayout {
    /// The folder, relative to the prefix, that holds the Assets of the program called
    /// `program`: `share/` and its family's name, the program's name without a `-server` or
    /// `-bench` ending (`share/duo` for `duo-server`, `share/noughts` for `noughts-server`).
    public static func assetsFolder(ofProgram program: String) -> String {
        "share/\(family(ofProgram: program))"
    }

    /// The family name of the program called `program` (`duo` for `duo-server`).
    public static func family(ofProgram program: String) -> String {
        for suffix in ["-server", "-bench"] where program.hasSuffix(suffix) && program.count > suffix.count {
            return String(program.dropLast(suffix.count))
        }
        return program
    }
}
