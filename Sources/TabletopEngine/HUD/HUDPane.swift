import DuoPlatform

/// One side of the fold (or the whole scene when there is none), as the HUD
/// layout helper found it.
public struct HUDPane: Sendable, Hashable, Codable {
    /// Which side of the scene a pane is.
    public enum Role: String, Sendable, Hashable, Codable {
        /// Above a horizontal fold: the half that stands upright in tabletop.
        case upper
        /// Below a horizontal fold: the half that lies flat.
        case lower
        /// Before a vertical fold in the reading direction.
        case leading
        /// After a vertical fold in the reading direction.
        case trailing
        /// The whole scene (no fold).
        case whole
    }

    /// Which side it is.
    public var role: Role
    /// Its area, from the scene edge to the fold, in scene coordinates (left to right, never mirrored).
    public var frame: Rect
    /// The part elements may use: inside the padding, clear of active occlusions.
    public var contentFrame: Rect
}
