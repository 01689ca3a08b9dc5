import DuoPlatform
import Foundation
import TabletopEngine

/// A long session at the window, offscreen: seeded random input (every
/// hotkey but quit and the photo, game keys, clicks, drags, pointer moves,
/// time passing, window resizes, New game pressed twice) against a desktop
/// session, a frame drawn every few inputs on one canvas as the window draws
/// them, and the process's resident size and the canvas's caches sampled as
/// it goes. `duo-bench soak` prints the samples; its test checks the resident
/// size is level after the warm-up and every cache within its limits.
///
/// The resident size is the whole process's: measure in a process doing
/// nothing else (the bench, not a test run's parallel tests).
public final class MemorySoak {
    /// One reading, taken after a frame.
    public struct Sample: Sendable, Equatable {
        /// Inputs given so far.
        public var inputs: Int
        /// Matches started so far (the first included).
        public var matches: Int
        /// The process's resident size in bytes (0 where `/proc` cannot say).
        public var residentBytes: Int
        /// The canvas's caches.
        public var caches: CanvasCacheSizes
    }

    /// The session driven.
    public let session: DesktopSession
    private let offscreen: OffscreenRenderer
    private let frames: FrameRenderer
    private var generator: SeededGenerator
    private var windowSize: (width: Double, height: Double)
    private var wasInProgress: Bool
    /// Inputs given so far.
    public private(set) var inputs = 0
    /// Matches started so far (the first included).
    public private(set) var matches = 1

    /// A soak of `session` on an offscreen canvas of `width` x `height` pixels (the largest window it
    /// resizes to), its input drawn from `seed`.
    /// - Throws: ``DesktopError`` when the offscreen canvas cannot be made.
    public init(session: DesktopSession, width: Int, height: Int, seed: UInt64) throws(DesktopError) {
        self.session = session
        self.offscreen = try OffscreenRenderer(width: width, height: height)
        self.frames = FrameRenderer(canvas: offscreen.canvas)
        self.generator = SeededGenerator(seed: seed)
        self.windowSize = (Double(width), Double(height))
        self.wasInProgress = session.game.isMatchInProgress
    }

    deinit {
        frames.close()
        offscreen.close()
    }

    /// The canvas's caches now.
    public var caches: CanvasCacheSizes { offscreen.canvas.cacheSizes }
    /// The canvas's cache limits.
    public var cacheLimits: CanvasCacheSizes { offscreen.canvas.cacheLimits }

    /// Gives `count` more inputs, drawing a frame after every `drawEvery`-th and sampling after
    /// every `sampleEvery`-th (and after the last).
    /// - Throws: ``DesktopError`` when a frame cannot be drawn.
    public func run(inputs count: Int, drawEvery: Int = 4, sampleEvery: Int = 1_000) throws(DesktopError) -> [Sample] {
        var samples: [Sample] = []
        for step in 1...max(1, count) {
            giveInput()
            if step % max(1, drawEvery) == 0 || step == count { try drawFrame() }
            if step % max(1, sampleEvery) == 0 || step == count {
                // The caches as a frame starts: what they keep between frames, not what one frame adds.
                offscreen.canvas.beginFrame()
                samples.append(Sample(inputs: inputs, matches: matches, residentBytes: Self.residentBytes(), caches: caches))
            }
        }
        return samples
    }

    /// The process's resident set size in bytes, from `/proc/self/statm` (0 where there is none).
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    // MARK: - Input

    private func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    private func chance(_ percent: Int) -> Bool { random(1...100) <= percent }

    /// The keys a person might press: every hotkey but quit and the victory photo (which writes files),
    /// and the letters and keys games take.
    private static let keys: [Key] =
        [.up, .down, .left, .right, .leftBracket, .rightBracket, .f1, .f3, .escape, .pageUp, .pageDown, .enter, .space, .backspace]
        + (1...5).map { Key.digit($0) } + "rclpsgvhnabdefijkmowxyz".map { Key.letter($0) }

    private func giveInput() {
        inputs += 1
        let scene = session.sceneContext.size
        let point = Point(x: Double(random(0...Int(scene.width))), y: Double(random(0...Int(scene.height))))
        switch random(0...99) {
        case 0..<30:
            let key = Self.keys[random(0...(Self.keys.count - 1))]
            if let command = Hotkeys.command(for: key, shift: chance(30)) { session.apply(command) }
        case 30..<55:
            session.click(at: point)
            session.release(at: point)
        case 55..<65:
            // A drag: down, a move, up somewhere else.
            session.click(at: point)
            let end = Point(x: Double(random(0...Int(scene.width))), y: Double(random(0...Int(scene.height))))
            session.pointerMoved(to: end)
            session.release(at: end)
        case 65..<75:
            session.pointerMoved(to: chance(10) ? nil : point)
        case 75..<77:
            // The window resized: between a third and all of the canvas.
            let (width, height) = (Double(offscreen.width), Double(offscreen.height))
            windowSize = (Double(random(Int(width / 3)...Int(width))), Double(random(Int(height / 3)...Int(height))))
        case 77..<78:
            // New game pressed twice: a match under way is resigned, the next one starts.
            session.apply(.newGame)
            session.apply(.newGame)
        default:
            session.advance(by: Double(random(1...30)) / 60)
        }
        let inProgress = session.game.isMatchInProgress
        if inProgress && !wasInProgress { matches += 1 }
        wasInProgress = inProgress
    }

    private func drawFrame() throws(DesktopError) {
        let (width, height) = windowSize
        let viewport = session.deviceViewport(windowWidth: width, windowHeight: height)
        if session.isFreeform { session.setFreeformSize(viewport.size) }
        session.cacheSizes = caches
        try frames.render(
            session.content, presentation: session.presentation(in: viewport),
            statusLine: session.statusLine(frameMilliseconds: 1), showsHelp: session.showsHelp,
            accessory: session.accessoryInset(windowWidth: width, windowHeight: height))
        if let error = offscreen.canvas.takeError() { throw error }
    }
}

extension MemorySoak {
    /// Whether a soak's samples show memory held level: after the warm-up (the first quarter of
    /// the samples) the resident size rises no more than a limit above its warm-up peak, and every
    /// cache stays within its limit in every sample.
    public struct Verdict: Sendable, Equatable {
        /// The highest resident size in the warm-up, in bytes.
        public let warmUpPeak: Int
        /// The highest resident size after it, in bytes.
        public let laterPeak: Int
        /// The growth that fails, in bytes.
        public let growthLimit: Int
        /// Each cache over its limit, with the sample it was seen in ("fonts 30 > 24 at input 4000").
        public let cachesOverLimit: [String]

        /// The verdict on `samples` (in order) against `limits`, failing growth over `growthLimit` bytes.
        public init(samples: [Sample], limits: CanvasCacheSizes, growthLimit: Int) {
            let warmUp = max(1, samples.count / 4)
            warmUpPeak = samples.prefix(warmUp).map(\.residentBytes).max() ?? 0
            laterPeak = samples.dropFirst(warmUp).map(\.residentBytes).max() ?? warmUpPeak
            self.growthLimit = growthLimit
            var over: [String] = []
            for sample in samples {
                let caches = sample.caches
                let parts: [(String, Int, Int)] = [
                    ("texts", caches.texts, limits.texts), ("text bytes", caches.textBytes, limits.textBytes),
                    ("fonts", caches.fonts, limits.fonts), ("sized sprites", caches.sizedSprites, limits.sizedSprites),
                    ("sized sprite bytes", caches.sizedSpriteBytes, limits.sizedSpriteBytes),
                    ("paragraphs", caches.paragraphs, limits.paragraphs),
                ]
                for (name, size, limit) in parts where size > limit { over.append("\(name) \(size) > \(limit) at input \(sample.inputs)") }
            }
            cachesOverLimit = over
        }

        /// How much the resident size rose after the warm-up, in bytes (negative: it fell).
        public var growth: Int { laterPeak - warmUpPeak }
        /// Whether memory held level and every cache within its limit.
        public var passed: Bool { growth <= growthLimit && cachesOverLimit.isEmpty }

        /// One line: "level: RSS peak 181.2 MB after the warm-up, 180.9 MB in it (+-0.3 MB, limit 12 MB); caches within limits".
        public var summary: String {
            let caches = cachesOverLimit.isEmpty ? "caches within their limits" : "over a limit: " + cachesOverLimit.prefix(3).joined(separator: "; ")
            return (passed ? "level" : "NOT LEVEL")
                + ": RSS peak \(CanvasCacheSizes.megabytes(laterPeak)) after the warm-up, \(CanvasCacheSizes.megabytes(warmUpPeak)) in it "
                + "(\(growth < 0 ? "-" : "+")\(CanvasCacheSizes.megabytes(abs(growth))), limit \(CanvasCacheSizes.megabytes(growthLimit))); \(caches)"
        }
    }
}
