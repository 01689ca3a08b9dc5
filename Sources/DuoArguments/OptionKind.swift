/// What an option takes, as its declaration says: the one place its value
/// is checked and its allowed values are shown in `--help`.
public enum OptionKind: Codable, Sendable, Equatable {
    /// No value: given or not (`--pairs`).
    case flag
    /// A whole number within the range (`--games 1000`).
    case integer(ClosedRange<Int>)
    /// A whole number in `0...UInt64.max` (seeds).
    case unsigned
    /// A decimal number within the range; nil when the range depends on
    /// other options (a hinge angle depends on the profile) and the command checks it.
    case decimal(ClosedRange<Double>?)
    /// One of these words (`--moves hint|legal`).
    case choice([String])
    /// Any word: a name, a path, an address, an expression the command reads.
    case text

    /// Whether the option takes a value.
    public var takesValue: Bool { self != .flag }

    /// Checks one value given to the option `name`.
    /// - Throws: ``ArgumentError`` naming the option, what it takes and the value given.
    public func check(_ raw: String, name: String) throws(ArgumentError) {
        switch self {
        case .flag, .text:
            return
        case .integer(let range):
            guard let number = Int(raw), range.contains(number) else {
                throw ArgumentError("--\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'")
            }
        case .unsigned:
            guard UInt64(raw) != nil else { throw ArgumentError("--\(name) must be a whole number in 0...\(UInt64.max), not '\(raw)'") }
        case .decimal(let range):
            guard let number = Double(raw), number.isFinite, range?.contains(number) ?? true else {
                let within = range.map { " in \($0.lowerBound)...\($0.upperBound)" } ?? ""
                throw ArgumentError("--\(name) must be a number\(within), not '\(raw)'")
            }
        case .choice(let values):
            guard values.contains(raw) else { throw ArgumentError("--\(name) must be one of \(values.joined(separator: "|")), not '\(raw)'") }
        }
    }

    /// The allowed values as `--help` shows them (`1...5000`, `hint | legal`), nil when anything goes.
    public var allowedText: String? {
        switch self {
        case .flag, .text, .unsigned, .decimal(nil): nil
        case .integer(let range): "\(range.lowerBound)...\(range.upperBound)"
        case .decimal(let range?): "\(Self.number(range.lowerBound))...\(Self.number(range.upperBound))"
        case .choice(let values): values.joined(separator: " | ")
        }
    }

    /// A decimal as a person writes it: `180`, not `180.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
