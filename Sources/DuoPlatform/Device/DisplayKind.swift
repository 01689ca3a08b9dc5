/// Which of a device's displays a scene is on.
///
/// The Duo has both: the `outer` display, used while the device is closed,
/// and the larger `inner` display that opens like a book. A hingeless phone
/// (the `classic` profile) has a single display, named `outer` because,
/// like the closed Duo's, it faces out from the body.
public enum DisplayKind: String, Codable, CaseIterable, Hashable, Sendable {
    /// The display on the outside of the body, used while the device is closed.
    case outer
    /// The display inside the fold, used while the device is open.
    case inner
}
