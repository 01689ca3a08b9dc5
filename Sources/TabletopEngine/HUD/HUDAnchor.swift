/// Where a HUD element belongs, by role rather than by position: the layout
/// helper turns roles into places from the layout context alone.
///
/// With a horizontal fold (tabletop) the upper half stands upright and the
/// lower half lies flat under the thumbs: `status` and `secondaryBoard` go
/// up, `controls` and `primaryBoard` go down. With a vertical fold (book,
/// tent) the same two groups take the leading and the trailing panel. With
/// no fold (closed, `classic`) everything shares one panel.
public enum HUDAnchor: String, Sendable, Hashable, Codable, CaseIterable {
    /// Read-only information: whose turn, the score, announcements. Upright half.
    case status
    /// Buttons. Flat half, under the thumbs.
    case controls
    /// The surface the player acts on (the board fired at, the board placed on). Flat half.
    case primaryBoard
    /// A surface to look at (the player's own fleet). Upright half.
    case secondaryBoard

    /// Whether elements of this anchor are cells of a strip (status, controls)
    /// rather than boards that scale with the room they get.
    public var isStrip: Bool { self == .status || self == .controls }

    /// The group a fold sends this anchor to: 0 for the upper/leading panel, 1 for the lower/trailing one.
    var preferredPaneSide: Int {
        switch self {
        case .status, .secondaryBoard: 0
        case .controls, .primaryBoard: 1
        }
    }
}
