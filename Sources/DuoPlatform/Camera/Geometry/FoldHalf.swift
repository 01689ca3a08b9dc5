/// One of the two halves of a foldable's body.
///
/// Named by what they carry (see docs/CAMERAS.md): the `cover` half has
/// the outer (cover) display and the outer camera on its back and is the
/// left half of the inner display in `portrait`; the `base` half carries the
/// inner under-display camera and, on its back, the rear camera, and is the
/// right half of the inner display in `portrait` (the upper half in
/// `landscapeLeft`, so the upright half in tabletop). A hingeless phone is
/// all one body; its display and cameras count as on the `cover` and
/// `base` halves of a body that never opens.
public enum FoldHalf: String, Codable, CaseIterable, Hashable, Sendable {
    /// The half with the outer display on its back (left on the inner display in portrait).
    case cover
    /// The half with the inner camera and the rear camera (right on the inner display in portrait).
    case base
}
