/// How a ``HUDScreen`` is laid out while the device is flat: its fold is
/// there but inactive (a zero-width line that nothing has to avoid).
///
/// The choice is the game's, and it follows from when the game shows the
/// screen (a ``HUDGame`` picks its screen from the layout context):
/// - a screen that stays up while the device folds must keep still as it
///   folds, so it is ``split`` at the flat fold with room kept for the band
///   (`duo lint` checks that folding moves no element further than half the
///   band);
/// - a screen shown only while no fold is active, and replaced by another
///   once the device folds, has nothing to keep still for: it may be a
///   ``singleView`` across the whole display.
public enum HUDFlatLayout: String, Sendable, Hashable, Codable, CaseIterable {
    /// Two panels split at the flat fold, with room kept for the band, so
    /// folding moves nothing. The default.
    case split
    /// One panel across the whole display, as if there were no fold. Only
    /// for a screen the game replaces once the fold is active: its elements
    /// would move when the device folds, so the flat-to-folded rule does not
    /// apply to it. An active fold still splits it (nothing ever crosses the band).
    case singleView
}
