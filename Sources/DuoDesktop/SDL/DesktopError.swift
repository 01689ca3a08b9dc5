/// Something the desktop front end cannot work without, told to the user as
/// one message with its cause and its fix (never a crash dump).
public struct DesktopError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in the user's words where possible.
    public let cause: String
    /// What the user can do about it.
    public let fix: String

    /// An error from its cause and fix.
    public init(cause: String, fix: String) {
        self.cause = cause
        self.fix = fix
    }

    /// `cause; fix` as one line (for `tool: error: ...`).
    public var description: String { "\(cause). Fix: \(fix)" }

    /// No display to open a window on.
    static func displayUnavailable(sdlError: String) -> DesktopError {
        DesktopError(
            cause: "no display to open the window on (SDL: \(sdlError.isEmpty ? "video initialisation failed" : sdlError))",
            fix: "run duo inside a graphical session (DISPLAY or WAYLAND_DISPLAY set), or under a virtual one: "
                + "xvfb-run -a duo. For a picture without any display use 'duo screenshot --out shot.png'"
        )
    }

    /// An SDL call failed in a way the user can only report.
    static func sdl(_ what: String, _ sdlError: String) -> DesktopError {
        DesktopError(
            cause: "\(what) failed (SDL: \(sdlError))",
            fix: "check that libsdl2, libsdl2-ttf and libsdl2-image are installed (scripts/install-deps.sh) and the display works; "
                + "for pictures without a display use 'duo screenshot'"
        )
    }
}
