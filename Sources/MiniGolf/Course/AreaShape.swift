/// An area of a hole (sand, water, a slope), in whole centimetres.
///
/// JSON: `{"rect": [x, y, width, height]}`, `{"circle": [x, y, radius]}` or
/// `{"polygon": [[x, y], ...]}` (a simple polygon, closed implicitly).
public enum AreaShape: Hashable, Sendable, Codable {
    /// An axis-aligned rectangle: top-left corner and size.
    case rect(x: Int, y: Int, width: Int, height: Int)
    /// A disc: centre and radius.
    case circle(x: Int, y: Int, radius: Int)
    /// A simple polygon given by its corners in order.
    case polygon([CoursePoint])

    private enum CodingKeys: String, CodingKey { case rect, circle, polygon }

    /// Decodes exactly one of `rect`, `circle` or `polygon`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "an area is one of {\"rect\": [x, y, w, h]}, {\"circle\": [x, y, r]}, {\"polygon\": [[x, y], ...]}"))
        }
        switch key {
        case .rect:
            let numbers = try container.decode([Int].self, forKey: .rect)
            guard numbers.count == 4 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .rect, in: container,
                    debugDescription: "a rect is [x, y, width, height], found \(numbers.count) numbers")
            }
            self = .rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        case .circle:
            let numbers = try container.decode([Int].self, forKey: .circle)
            guard numbers.count == 3 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .circle, in: container,
                    debugDescription: "a circle is [x, y, radius], found \(numbers.count) numbers")
            }
            self = .circle(x: numbers[0], y: numbers[1], radius: numbers[2])
        case .polygon:
            self = .polygon(try container.decode([CoursePoint].self, forKey: .polygon))
        }
    }

    /// Encodes the one key of the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .rect(let x, let y, let width, let height): try container.encode([x, y, width, height], forKey: .rect)
        case .circle(let x, let y, let radius): try container.encode([x, y, radius], forKey: .circle)
        case .polygon(let points): try container.encode(points, forKey: .polygon)
        }
    }

    /// The corners of a polygonal area (a rect's four corners); nil for a circle.
    public var corners: [CoursePoint]? {
        switch self {
        case .rect(let x, let y, let width, let height):
            return [CoursePoint(x, y), CoursePoint(x + width, y), CoursePoint(x + width, y + height), CoursePoint(x, y + height)]
        case .circle:
            return nil
        case .polygon(let points):
            return points
        }
    }
}
