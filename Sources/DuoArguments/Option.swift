/// A declared option with the type a command reads it as: the key of a
/// typed read, `parsed[Options.seed]`, so that a command reads only what it
/// declared, under the name it declared, with the default its help shows.
///
///     static let games: Option<Int> = .integer("games", in: 1...1_000, default: 1000, help: "matches in the batch")
///     static let json: Option<String?> = .text("json", "FILE", help: "also write the results as JSON")
public struct Option<Value: Sendable>: Sendable {
    /// The declaration: name, kind, placeholder, default and help.
    public let spec: OptionSpec
    /// Reads the value from arguments already checked against `spec`.
    let read: @Sendable (ParsedArguments) -> Value

    /// Makes a typed option from its declaration and how to read its (checked) value.
    public init(_ spec: OptionSpec, read: @escaping @Sendable (ParsedArguments) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The name without dashes.
    public var name: String { spec.name }

    /// The same option with another help text (a command that says more about it).
    public func with(help: String) -> Option {
        var spec = spec
        spec.help = help
        return Option(spec, read: read)
    }

    /// The same option with command lines shown under its description.
    public func with(examples: [String]) -> Option {
        var spec = spec
        spec.examples = examples
        return Option(spec, read: read)
    }

    /// The same option with another default shown in help (the value read is unchanged).
    public func with(defaultText: String?) -> Option {
        var spec = spec
        spec.defaultText = defaultText
        return Option(spec, read: read)
    }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    public static func flag(_ name: String, help: String) -> Option {
        Option(OptionSpec(name, kind: .flag, help: help)) { $0.has(name) }
    }
}

extension Option where Value == Int {
    /// A whole number in `range`, `defaultValue` when absent.
    public static func integer(
        _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, default defaultValue: Int,
        help: String
    ) -> Option {
        precondition(range.contains(defaultValue), "--\(name): the default \(defaultValue) is outside \(range)")
        return Option(OptionSpec(name, kind: .integer(range), placeholder: placeholder, help: help, defaultText: "\(defaultValue)")) {
            $0.value(name).flatMap { Int($0) } ?? defaultValue
        }
    }
}

extension Option where Value == Int? {
    /// A whole number in `range`, nil when absent (the command works out the default `defaultText` describes).
    public static func integer(
        _ name: String, _ placeholder: String = "N", in range: ClosedRange<Int>, defaultText: String? = nil,
        help: String
    ) -> Option {
        Option(OptionSpec(name, kind: .integer(range), placeholder: placeholder, help: help, defaultText: defaultText)) {
            $0.value(name).flatMap { Int($0) }
        }
    }
}

extension Option where Value == UInt64 {
    /// A whole number in `0...UInt64.max` (a seed), `defaultValue` when absent.
    public static func unsigned(_ name: String, _ placeholder: String = "N", default defaultValue: UInt64, help: String) -> Option {
        Option(OptionSpec(name, kind: .unsigned, placeholder: placeholder, help: help, defaultText: "\(defaultValue)")) {
            $0.value(name).flatMap { UInt64($0) } ?? defaultValue
        }
    }
}

extension Option where Value == Double? {
    /// A decimal number, nil when absent. A nil `range` leaves the range check
    /// to the command (it depends on other options); `help` then says what it is.
    public static func decimal(
        _ name: String, _ placeholder: String, in range: ClosedRange<Double>?, defaultText: String? = nil,
        help: String
    ) -> Option {
        Option(OptionSpec(name, kind: .decimal(range), placeholder: placeholder, help: help, defaultText: defaultText)) {
            $0.value(name).flatMap { Double($0) }
        }
    }
}

extension Option where Value == String {
    /// Any word, `defaultValue` when absent.
    public static func text(_ name: String, _ placeholder: String, default defaultValue: String, help: String) -> Option {
        Option(OptionSpec(name, kind: .text, placeholder: placeholder, help: help, defaultText: defaultValue)) { $0.value(name) ?? defaultValue }
    }

    /// One of `values`, `defaultValue` when absent.
    public static func choice(
        _ name: String, _ placeholder: String, among values: [String], default defaultValue: String,
        help: String
    ) -> Option {
        precondition(values.contains(defaultValue), "--\(name): the default '\(defaultValue)' is not among \(values)")
        return Option(OptionSpec(name, kind: .choice(values), placeholder: placeholder, help: help, defaultText: defaultValue)) {
            $0.value(name) ?? defaultValue
        }
    }
}

extension Option where Value == String? {
    /// Any word (a name, a path, an address), nil when absent.
    public static func text(_ name: String, _ placeholder: String, defaultText: String? = nil, help: String) -> Option {
        Option(OptionSpec(name, kind: .text, placeholder: placeholder, help: help, defaultText: defaultText)) { $0.value(name) }
    }
}

extension Option where Value == [String] {
    /// Any word, given any number of times: every value in the order given.
    public static func repeatable(_ name: String, _ placeholder: String, help: String) -> Option {
        Option(OptionSpec(name, kind: .text, placeholder: placeholder, help: help, isRepeatable: true)) { $0.values(name) }
    }
}

extension Option {
    /// One of an enumeration's raw values, `defaultValue` when absent.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ placeholder: String = "NAME", default defaultValue: Choice, help: String
    ) -> Option<Choice> where Choice.RawValue == String {
        Option<Choice>(
            OptionSpec(
                name, kind: .choice(Choice.allCases.map(\.rawValue)), placeholder: placeholder, help: help,
                defaultText: defaultValue.rawValue)
        ) { $0.value(name).flatMap(Choice.init(rawValue:)) ?? defaultValue }
    }

    /// One of an enumeration's raw values, nil when absent.
    public static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ placeholder: String = "NAME", as type: Choice.Type, defaultText: String? = nil, help: String
    ) -> Option<Choice?> where Choice.RawValue == String {
        Option<Choice?>(
            OptionSpec(
                name, kind: .choice(Choice.allCases.map(\.rawValue)), placeholder: placeholder, help: help,
                defaultText: defaultText)
        ) { $0.value(name).flatMap(Choice.init(rawValue:)) }
    }
}
