/// A command line read by a ``CommandSpec``: every value already checked
/// against its declaration, read by the declared ``Option`` keys.
public struct ParsedOptions: Sendable {
    /// The declaration it was read by.
    public let command: CommandSpec
    /// The words as split, for helpers that take ``ParsedArguments``.
    public let arguments: ParsedArguments

    /// Words that are not options, in order.
    public var positionals: [String] { arguments.positionals }

    /// The value of a declared option, typed, with its declared default when absent.
    /// Reading an option the command did not declare is a programming error and traps
    /// (it could never be given), naming the command and the option.
    public subscript<Value>(option: Option<Value>) -> Value {
        checkDeclared(option.spec)
        return option.read(arguments)
    }

    /// Whether the option was given on the command line (a default does not count).
    public func isGiven<Value>(_ option: Option<Value>) -> Bool {
        checkDeclared(option.spec)
        return option.spec.kind.takesValue ? arguments.value(option.name) != nil : arguments.has(option.name)
    }

    /// The value as typed, nil when absent: for a message that quotes it.
    public func raw<Value>(_ option: Option<Value>) -> String? {
        checkDeclared(option.spec)
        return arguments.value(option.name)
    }

    /// The path of an output file option, checked as ``ParsedArguments/outputPath(_:)`` does.
    /// - Throws: ``ArgumentError`` naming the option, the path and why it cannot be written.
    public func outputPath(_ option: Option<String?>) throws -> String? {
        checkDeclared(option.spec)
        return try arguments.outputPath(option.name)
    }

    /// A decimal option checked against a range known only now (it depends on other options), nil when absent.
    /// - Throws: ``ArgumentError`` naming the option, the range and the value.
    public func decimal(_ option: Option<Double?>, in range: ClosedRange<Double>) throws -> Double? {
        checkDeclared(option.spec)
        return try arguments.decimal(option.name, in: range)
    }

    private func checkDeclared(_ spec: OptionSpec) {
        guard let declared = command.option(named: spec.name), declared.kind.takesValue == spec.kind.takesValue else {
            preconditionFailure("\(command.tool) reads --\(spec.name), which it does not declare")
        }
    }
}
