import Foundation

/// A command line split into `--option value` pairs, `--flag`s and positional
/// words, checked against the names a command declares.
///
/// Both executables (`duo`, `duo-server`) use it so that every command has the
/// same rules: `--name value` or `--name=value`, unknown names are an error,
/// and every error is one line that names the offending word.
public struct ParsedArguments: Sendable {
    /// Values of options that take one, by name without the dashes.
    public private(set) var values: [String: String] = [:]
    /// Flags that were given, by name without the dashes.
    public private(set) var flags: Set<String> = []
    /// Words that are not options, in order.
    public private(set) var positionals: [String] = []
    /// Every value of each repeatable option, in the order given.
    public private(set) var repeatedValues: [String: [String]] = [:]

    /// Parses `arguments` (without the program and command names).
    /// - Parameters:
    ///   - options: names that take a value (`--seed 7`).
    ///   - flags: names that take none (`--fixed`).
    ///   - repeatable: options among `options` that may be given more than
    ///     once (`--expect A --expect B`); read them with ``values(_:)``.
    /// - Throws: ``ArgumentError`` for an unknown name, a missing value,
    ///   a value given to a flag or an option given twice.
    public init(_ arguments: [String], options: Set<String>, flags: Set<String>, repeatable: Set<String> = []) throws {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if options.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw ArgumentError("--\(name) needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
                if repeatable.contains(name) {
                    repeatedValues[name, default: []].append(value)
                } else {
                    guard values[name] == nil else { throw ArgumentError("--\(name) given twice") }
                }
                values[name] = value
            } else if flags.contains(name) {
                guard inlineValue == nil else { throw ArgumentError("--\(name) takes no value") }
                self.flags.insert(name)
            } else {
                throw ArgumentError("unknown option --\(name)")
            }
        }
    }

    /// The raw value of an option, or nil when it was not given.
    public func value(_ name: String) -> String? { values[name] }

    /// Every value of a repeatable option, in order (empty when not given).
    public func values(_ name: String) -> [String] { repeatedValues[name] ?? values[name].map { [$0] } ?? [] }

    /// Whether a flag was given.
    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// An integer option within `range`, or `defaultValue` when absent.
    public func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int {
        guard let raw = values[name] else { return defaultValue }
        guard let number = Int(raw), range.contains(number) else {
            throw ArgumentError("--\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'")
        }
        return number
    }

    /// A decimal option within `range`, or nil when absent.
    public func decimal(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let raw = values[name] else { return nil }
        guard let number = Double(raw), number.isFinite, range.contains(number) else {
            throw ArgumentError("--\(name) must be a number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'")
        }
        return number
    }

    /// An option whose value must be one of an enumeration's raw values.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ name: String, as type: Choice.Type) throws -> Choice?
    where Choice.RawValue == String {
        guard let raw = values[name] else { return nil }
        guard let choice = Choice(rawValue: raw) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: "|")
            throw ArgumentError("--\(name) must be one of \(allowed), not '\(raw)'")
        }
        return choice
    }
}

/// A command-line mistake, told to the user as one line.
public struct ArgumentError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The sentence shown after `error:`.
    public let message: String
    /// Makes an error with the sentence shown to the user.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
