import BroadsideDesktop
import DuoDesktop
import Testing

@Suite("Tone synthesis")
struct ToneSynthesizerTests {
    @Test("A tone glides to its target pitch and loudness instead of jumping")
    func glidesToTarget() {
        var tone = ToneSynthesizer(sampleRate: 48_000, frequency: 200, glideSeconds: 0.05)
        tone.targetFrequency = 400
        tone.targetAmplitude = 0.5
        let first = tone.render(count: 48)
        #expect(tone.frequency > 200 && tone.frequency < 400)
        #expect(first.map { abs($0) }.max()! < 0.05, "the first millisecond must still be quiet")
        _ = tone.render(count: 48_000)
        #expect(abs(tone.frequency - 400) < 0.01)
        #expect(abs(tone.amplitude - 0.5) < 0.001)
    }

    @Test("A silenced tone renders zeros")
    func silenceRendersZeros() {
        var tone = ToneSynthesizer(sampleRate: 44_100)
        tone.targetAmplitude = 1
        _ = tone.render(count: 4_410)
        tone.silence()
        #expect(tone.isSilent)
        #expect(tone.render(count: 100).allSatisfy { $0 == 0 })
    }

    @Test("Samples stay within -1...1")
    func samplesInRange() {
        var tone = ToneSynthesizer(sampleRate: 22_050, frequency: 880)
        tone.targetAmplitude = 1
        #expect(tone.render(count: 22_050).allSatisfy { abs($0) <= 1 })
    }
}
