import Foundation

/// A sine tone that glides to a target pitch and loudness, one sample at a
/// time: pure state, no SDL, so it is tested like any value.
///
/// Why glide: the hinge sensor may be noisy or step in 5-degree jumps; a
/// tone that jumped with every reading would click and warble. A one-pole
/// smoother per parameter (time constant ``glideSeconds``) turns those
/// steps into smooth sweeps.
public struct ToneSynthesizer: Sendable {
    /// Samples per second of the output.
    public let sampleRate: Double
    /// Time constant of the pitch and loudness glides, in seconds.
    public var glideSeconds: Double
    /// The pitch the tone is gliding to, in hertz.
    public var targetFrequency: Double
    /// The loudness the tone is gliding to, 0 (silent) ... 1.
    public var targetAmplitude: Double

    /// The pitch right now.
    public private(set) var frequency: Double
    /// The loudness right now.
    public private(set) var amplitude: Double
    /// Where in its cycle the sine is, 0 ..< 1.
    private var phase: Double = 0

    /// A silent tone at `frequency` hertz.
    public init(sampleRate: Double, frequency: Double = 220, glideSeconds: Double = 0.06) {
        precondition(sampleRate > 0, "sample rate must be positive")
        self.sampleRate = sampleRate
        self.glideSeconds = glideSeconds
        self.frequency = frequency
        self.targetFrequency = frequency
        self.amplitude = 0
        self.targetAmplitude = 0
    }

    /// Whether the tone is (and will stay) inaudible: nothing worth queueing.
    public var isSilent: Bool { amplitude < 1e-4 && targetAmplitude < 1e-4 }

    /// Renders the next `count` samples (mono, -1...1) and advances.
    public mutating func render(count: Int) -> [Float] {
        var samples = [Float](repeating: 0, count: count)
        // Per-sample smoothing factor of a one-pole low-pass with time constant glideSeconds.
        let smoothing = glideSeconds > 0 ? 1 - exp(-1 / (glideSeconds * sampleRate)) : 1
        for index in 0..<count {
            frequency += (targetFrequency - frequency) * smoothing
            amplitude += (targetAmplitude - amplitude) * smoothing
            // A sine plus a soft octave makes a gentle "creak" rather than a test tone.
            let value = sin(2 * Double.pi * phase) * 0.8 + sin(4 * Double.pi * phase) * 0.2
            samples[index] = Float(value * amplitude)
            phase += frequency / sampleRate
            phase -= phase.rounded(.down)
        }
        return samples
    }

    /// Stops at once (no glide): used when the effect must reset.
    public mutating func silence() {
        amplitude = 0
        targetAmplitude = 0
    }
}
