import CSDL2

/// Plays synthesised samples through SDL's queue (`SDL_QueueAudio`), fed
/// from the main loop: no SDL audio callback, so nothing ever runs on SDL's
/// audio thread and no game state is shared with it.
///
/// With no audio subsystem or no device, ``open(session:)`` returns an
/// output that accepts samples and drops them: the game runs silently.
public final class AudioOutput {
    /// Samples per second of the open device (or of the silent stand-in).
    public let sampleRate: Double
    /// Whether a real device is playing (false: silent).
    public var isAudible: Bool { device != 0 }
    private var device: SDL_AudioDeviceID
    /// How much audio to keep queued ahead: enough to survive a slow frame, short enough to follow the hinge.
    private let queueAheadSeconds = 0.06

    private init(device: SDL_AudioDeviceID, sampleRate: Double) {
        self.device = device
        self.sampleRate = sampleRate
    }

    /// Opens the default playback device as mono 32-bit float, or a silent output when there is none.
    public static func open(session: SDLSession) -> AudioOutput {
        guard session.hasAudio else { return AudioOutput(device: 0, sampleRate: 44_100) }
        var wanted = SDL_AudioSpec()
        wanted.freq = 44_100
        wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
        wanted.channels = 1
        wanted.samples = 1_024
        wanted.callback = nil  // queue mode: the main loop pushes samples
        var obtained = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else { return AudioOutput(device: 0, sampleRate: 44_100) }
        SDL_PauseAudioDevice(device, 0)
        return AudioOutput(device: device, sampleRate: Double(obtained.freq))
    }

    /// A silent output (no device), for offscreen and headless runs.
    public static func silent(sampleRate: Double = 44_100) -> AudioOutput {
        AudioOutput(device: 0, sampleRate: sampleRate)
    }

    /// How many samples to synthesise now to keep the queue topped up.
    public var samplesWanted: Int {
        guard device != 0 else { return 0 }
        let queued = Int(SDL_GetQueuedAudioSize(device)) / MemoryLayout<Float>.size
        let target = Int(sampleRate * queueAheadSeconds)
        return max(0, target - queued)
    }

    /// Queues mono float samples for playback (dropped when silent).
    public func queue(_ samples: [Float]) {
        guard device != 0, !samples.isEmpty else { return }
        samples.withUnsafeBytes { bytes in
            // A failed queue only loses a few milliseconds of a sound effect: nothing to report.
            _ = SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count))
        }
    }

    /// Drops whatever is queued (so a reset effect stops at once).
    public func flush() {
        if device != 0 { SDL_ClearQueuedAudio(device) }
    }

    /// Closes the device. Call before ``SDLSession/close()``.
    public func close() {
        guard device != 0 else { return }
        SDL_CloseAudioDevice(device)
        device = 0
    }
}
