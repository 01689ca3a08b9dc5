/// A networked game that can play its seat's moves by itself, with nobody at
/// the keyboard (`duo --connect ... --autoplay`): demos, soak runs, and tests
/// that play whole matches between windows. ``NetworkGame`` is one, for any
/// game's ``SeatTable``; the window's flags find it through this protocol
/// because a registration hands back `any DesktopGame`.
public protocol Autoplaying: AnyObject {
    /// From now on, whenever the seat is to move, asks the server for a hint
    /// and plays it; `report` gets a line for the end of the match and for
    /// anything that stops the autoplay (a refused move).
    func startAutoplay(reporting report: @escaping (String) -> Void)
}
