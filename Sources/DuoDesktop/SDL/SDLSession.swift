import CSDL2
import Foundation

/// SDL's process-wide initialisation, for the real window: video (required)
/// and audio (optional: with no audio device the game runs silently).
///
/// Offscreen rendering (``OffscreenRenderer``) needs none of this.
/// SDL state is process-wide, so make one session, use it from one thread,
/// and ``close()`` it explicitly after every window and texture is gone.
public final class SDLSession {
    /// Whether `SDL_INIT_AUDIO` succeeded (a device may still fail to open).
    public let hasAudio: Bool
    private var isOpen = true

    /// Initialises SDL's video subsystem, then tries audio.
    /// - Parameter environment: where DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER are read.
    /// - Throws: ``DesktopError`` when there is no display (no crash, no SDL dump).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws(DesktopError) {
        let requested = environment["SDL_VIDEODRIVER"].flatMap { $0.isEmpty ? nil : $0 }
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        // Without a display SDL would quietly fall back to its invisible offscreen driver
        // (and the Wayland library would print its own complaint): say so plainly instead.
        guard hasDisplay || requested != nil else {
            throw .displayUnavailable(sdlError: "neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        // Errors come back as values; SDL must not install its own signal handlers
        // that would turn Ctrl-C into something other than a normal quit.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let message = String(cString: SDL_GetError())
            SDL_Quit()
            throw .displayUnavailable(sdlError: message)
        }
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if ["offscreen", "dummy"].contains(driver) && requested != driver {
            SDL_Quit()
            throw .displayUnavailable(sdlError: "no X11 or Wayland display could be opened; only the invisible '\(driver)' driver is left")
        }
        hasAudio = AudioProbe.isLikelyAvailable(environment: environment) && SDL_InitSubSystem(SDL_INIT_AUDIO) == 0
    }

    /// The name of the video driver in use (x11, wayland, offscreen, ...).
    public var videoDriver: String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    }

    /// Shuts SDL down. Call once, after closing every window.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        SDL_Quit()
    }
}
