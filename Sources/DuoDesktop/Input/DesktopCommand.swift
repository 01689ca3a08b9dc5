import DuoPlatform

/// Something the person at the desktop asked for, by key, button or menu:
/// device changes, view toggles, the actions every game shares (confirm,
/// new game) and the keys left to the game. Pure data, so the mapping
/// from keys and what each command does are tested without a window.
public enum DesktopCommand: Sendable, Hashable {
    /// Open (positive) or close (negative) the hinge by this many degrees.
    case hingeStep(Double)
    /// Take a named posture's preset.
    case posture(Posture)
    /// Turn the device a quarter (clockwise, or back).
    case rotate(clockwise: Bool)
    /// Move the fold by this fraction of the inner display's width.
    case moveFold(Double)
    /// Start or stop using the inner camera.
    case toggleInnerCamera
    /// Switch between left-to-right and right-to-left.
    case toggleDirection
    /// Switch device profile (duo, classic).
    case switchProfile
    /// Next hinge sensor model (ideal, noisy, coarse, late).
    case cycleSensor
    /// Show or hide the reserved regions overlay.
    case toggleRegions
    /// Show or hide the help overlay.
    case toggleHelp
    /// Draw the device as built (content turned with it) or content upright.
    case toggleDeviceFrame
    /// Show or hide frames per second and the whole frame time on the status line.
    case toggleFrameTiming
    /// Enter: the game's confirming action (pass the device in pass-and-play,
    /// reconnect a lost connection, strike the ball).
    case confirm
    /// Start a new match (asked twice while one is under way: ``NewGameConfirmation``).
    case newGame
    /// A key bound to nothing else, for the game to map itself (Broadside turns
    /// a ship with Space, mini golf aims with J and K): the engine names no
    /// game's actions.
    case gameKey(Key, shift: Bool)
    /// Scroll the news log by this many entries (positive: towards older news).
    case scrollNews(Int)
    /// Take the victory photo (while it is open).
    case takePhoto
    /// Close the help if open, else the victory photo if open, else take the
    /// game's banner down if one shows, else quit.
    case back
    /// Quit.
    case quit
}
