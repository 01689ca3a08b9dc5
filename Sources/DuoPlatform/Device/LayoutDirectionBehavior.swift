/// Whether a frame follows the layout direction.
public enum LayoutDirectionBehavior: String, Codable, CaseIterable, Hashable, Sendable {
    /// In a right-to-left layout, frames are mirrored inside their view
    /// (x' = viewWidth - x - width), so x counts from the leading (right) edge.
    case mirrors
    /// Frames are never mirrored: x always counts from the left edge. For
    /// content that does not flip with the language (a game board, a map).
    case fixed
}
