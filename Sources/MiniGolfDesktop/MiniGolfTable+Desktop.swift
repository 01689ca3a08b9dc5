import DuoDesktop
import DuoPlatform
import MiniGolf
import TabletopEngine

/// Mini golf's keys at the desktop, and where the course is drawn.
extension MiniGolfTable {
    /// Mini golf's lines of the hotkey help (group ``DuoDesktop/Hotkeys/gameGroup``).
    public static let desktopHotkeys: [Hotkey] = [
        Hotkey(keys: "Drag", action: "on the course: pull back from the ball, release to strike", group: Hotkeys.gameGroup),
        Hotkey(keys: "J / K", action: "aim left / right 1° (Shift: 10°); 0° points up, 90° right", group: Hotkeys.gameGroup),
        Hotkey(keys: "I / M", action: "power up / down 1% (Shift: 10%)", group: Hotkeys.gameGroup),
        Hotkey(keys: "Enter", action: "strike", group: Hotkeys.gameGroup),
        Hotkey(keys: "N", action: "new game (press twice while a match runs)", group: Hotkeys.gameGroup),
    ]

    /// Where the shown hole is drawn in a layout.
    func courseViewport(in layout: HUDLayout) -> CourseViewport? {
        layout.frame(of: MiniGolfHUD.ElementID.course).map { CourseViewport(hole: game.rules.holes[shownHole], in: $0) }
    }
}
