import CSDL2

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
    /// - Throws: ``DesktopError`` when there is no display (no crash, no SDL dump).
    public init() throws(DesktopError) {
        // Errors come back as values; SDL must not install its own signal handlers
        // that would turn Ctrl-C into something other than a normal quit.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            let message = String(cString: SDL_GetError())
            SDL_Quit()
            throw .displayUnavailable(sdlError: message)
        }
        hasAudio = SDL_InitSubSystem(SDL_INIT_AUDIO) == 0
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
