/// The direction text and leading-to-trailing layout run in.
public enum LayoutDirection: String, Codable, CaseIterable, Hashable, Sendable {
    /// Leading is the left edge.
    case leftToRight
    /// Leading is the right edge; region frames come mirrored by default.
    case rightToLeft
}
