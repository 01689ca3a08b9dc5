/// One part of a command's `--help`, in the order the declaration lists them.
public enum HelpSection: Sendable {
    /// The generated usage line: `usage: TOOL POSITIONALS [--option VALUE]...`, wrapped under itself.
    case usage
    /// A paragraph or any hand-written block, printed as it is.
    case text(String)
    /// A table of options under a title (`options:`), generated from their declarations.
    case options(String, [OptionSpec])
    /// A block worked out only when help is shown (it may read files: the games' listing).
    case deferred(@Sendable () -> String)
    /// A titled block of indented lines (`examples:`).
    case list(String, [String])

    /// The options this section declares.
    var declared: [OptionSpec] {
        if case .options(_, let specs) = self { return specs }
        return []
    }
}
