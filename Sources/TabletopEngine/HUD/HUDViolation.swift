import DuoPlatform

/// One way a HUD layout breaks the rules of docs/SPEC.md section 2 or the touch guidelines,
/// for one element: what `duo lint` and headless posture walks report.
public struct HUDViolation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The element straddles an active division (the fold band).
        case crossesDivision
        /// The element overlaps an active occlusion (a camera, a status area).
        case overlapsOcclusion
        /// The element runs past the scene's edges.
        case leavesScene
        /// An interactive element is smaller than a touch target (44 pt) one way or both.
        case belowTouchTarget
        /// A board's cells are smaller than the board declares acceptable.
        case cellsTooSmall
        /// Folding from flat moved the element by more than half the fold band.
        case jumpsWhenFolding
        /// The element is shown flat but hidden folded, or the other way round.
        case appearsWhenFolding
        /// A text the game shows in the element does not fit it, even wrapped
        /// and shrunk to ``FittedParagraph/minimumSize``, with the real font.
        case textDoesNotFit
        /// In tabletop (an active horizontal fold), an interactive element is
        /// not wholly on the flat half below the fold: a player would have to
        /// reach up to the upright half, tilted away, to touch it.
        case offFlatHalf
    }

    /// What is wrong.
    public var kind: Kind
    /// The element's id.
    public var element: String
    /// Its frame (in the folded layout for the folding kinds).
    public var frame: Rect
    /// The region involved, when one is (`fold`, `innerCamera`, ...).
    public var region: ReservedRegion.ID?
    /// The region's frame, when one is involved.
    public var regionFrame: Rect?
    /// The rest of the sentence: sizes, distances.
    public var detail: String

    /// A violation from its parts.
    public init(kind: Kind, element: String, frame: Rect, region: ReservedRegion.ID? = nil, regionFrame: Rect? = nil, detail: String) {
        self.kind = kind
        self.element = element
        self.frame = frame
        self.region = region
        self.regionFrame = regionFrame
        self.detail = detail
    }

    /// One sentence naming the element, the region and the problem.
    public var description: String {
        var text = "element '\(element)' \(frame) "
        switch kind {
        case .crossesDivision: text += "crosses the active division"
        case .overlapsOcclusion: text += "overlaps the active occlusion"
        case .leavesScene: text += "leaves the scene"
        case .belowTouchTarget: text += "is smaller than a touch target"
        case .cellsTooSmall: text += "has cells below their minimum"
        case .jumpsWhenFolding: text += "jumps when the device folds"
        case .appearsWhenFolding: text += "appears or disappears when the device folds"
        case .textDoesNotFit: text += "is too small for its text"
        case .offFlatHalf: text += "is interactive but not on the flat half, below the fold"
        }
        if let region { text += " '\(region.rawValue)'" }
        if let regionFrame { text += " \(regionFrame)" }
        if !detail.isEmpty { text += ": \(detail)" }
        return text
    }
}
