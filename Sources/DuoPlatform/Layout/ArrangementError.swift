/// An arrangement that cannot be laid out.
public enum ArrangementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The arrangement is inside scrolling content, where part of it could
    /// become unreachable. Put it at the top of a fixed container instead.
    case insideScrollingContainer

    /// One line for a developer.
    public var description: String {
        switch self {
        case .insideScrollingContainer:
            "an Arrangement cannot be placed inside a scrolling container (part of it could become unreachable)"
        }
    }
}
