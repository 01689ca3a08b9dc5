import Foundation

/// Whether opening an audio device is worth trying. On a machine with no
/// sound card and no sound server, ALSA prints a page of errors when asked;
/// the game runs silently there without asking.
enum AudioProbe {
    /// True when SDL_AUDIODRIVER is set, a sound server's socket exists, or a sound card is present.
    static func isLikelyAvailable(environment: [String: String], fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> Bool
    {
        if let driver = environment["SDL_AUDIODRIVER"], !driver.isEmpty { return true }
        if let server = environment["PULSE_SERVER"], !server.isEmpty { return true }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty,
            fileExists(runtime + "/pulse/native") || fileExists(runtime + "/pipewire-0")
        {
            return true
        }
        return fileExists("/dev/snd")
    }
}
