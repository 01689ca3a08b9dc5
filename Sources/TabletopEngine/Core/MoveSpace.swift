/// A seat's legal moves described instead of listed: for a game whose moves
/// are too many to list (mini golf offers 36,000 strokes every turn), and
/// for any list too long to send in one protocol line.
///
/// JSON: `{"count": 36000, "summary": "...", "fields": [{"name": "angle",
/// "minimum": 0, "maximum": 359}, {"name": "power", "minimum": 1, "maximum": 100}]}`.
public struct MoveSpace: Codable, Hashable, Sendable, CustomStringConvertible {
    /// One whole-number field of a move and the values it may take.
    public struct Field: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The field's name in the move's JSON (`angle`).
        public var name: String
        /// Its smallest value.
        public var minimum: Int
        /// Its largest value.
        public var maximum: Int

        /// Makes a field taking every whole number of `range`.
        public init(_ name: String, _ range: ClosedRange<Int>) {
            self.name = name
            self.minimum = range.lowerBound
            self.maximum = range.upperBound
        }

        /// How many values it takes.
        public var valueCount: Int { maximum - minimum + 1 }

        /// `angle 0...359`.
        public var description: String { "\(name) \(minimum)...\(maximum)" }
    }

    /// How many moves the seat may make now.
    public var count: Int
    /// What they are, in words.
    public var summary: String
    /// When every move is a JSON object of these whole-number fields and
    /// every combination of their values is a legal move: the fields. Empty
    /// when the moves have no such shape (then only `count` and `summary` tell).
    public var fields: [Field]

    /// Describes moves by their number and a sentence.
    public init(count: Int, summary: String, fields: [Field] = []) {
        self.count = count
        self.summary = summary
        self.fields = fields
    }

    /// Every combination of `fields`: a move is `{"angle": a, "power": p}`
    /// for each `a` and `p` in range.
    public init(everyCombinationOf fields: [Field]) {
        let count = fields.reduce(1) { $0 * $1.valueCount }
        self.init(
            count: count, summary: "\(count) moves: every combination of " + fields.map(\.description).joined(separator: ", "),
            fields: fields)
    }

    /// The summary.
    public var description: String { summary }
}
