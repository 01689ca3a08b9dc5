import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

#if canImport(Glibc)
import BroadsideDesktop
import Glibc
#endif

/// `duo-bench frame`: the CPU time of one desktop frame in every posture
/// (or one) with SDL's software renderer (offscreen, no display): the HUD
/// laid out from scratch, the scene drawn into its texture, both panels
/// drawn from it (the upright one tilted), bezel and status line. Goal: under
/// 4 ms in each at the window's own size, under a 120 Hz frame (8.3 ms) on a
/// denser display (`--scale` above 1).
enum FrameBenchmark {
    static let tool = "duo-bench frame"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let frames: Option<Int> = .integer("frames", in: 1...100_000, default: 300, help: "frames measured per posture")
        static let scale: Option<Double?> = .decimal(
            "scale", "S", in: 0.25...4, defaultText: "1: the window's size, 708 x 1014 pixels in tabletop", help: "pixels per point")
        static let posture: Option<Posture?> = .choice("posture", as: Posture.self, defaultText: "all", help: "only this one")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                The CPU time (this thread's) of one whole frame, mid-game, as the
                window draws it, with the software renderer into memory, in every
                posture (closed, flat, book, tent, tabletop) one after the other:
                  layout   the HUD laid out from the layout context
                  frame    layout + scene + both panels + bezel + status line
                Median and best over N frames after a warm-up (text cache filled,
                as in a running window). Goal: frame < 4 ms in each posture at
                scale 1 or below; above it (a high-density display), a frame of a
                120 Hz display, < 8.3 ms.
                The window's F3 readout shows the whole frame as a person sees it,
                presenting included.
                """),
            .options("options:", [Options.frames.spec, Options.scale.spec, Options.posture.spec]),
        ])

    /// One posture's figures.
    struct Figures {
        let posture: Posture
        let width: Int, height: Int
        let layout: [Double], frame: [Double]
    }

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let frames = parsed[Options.frames]
        let scale = parsed[Options.scale] ?? 1
        let postures = parsed[Options.posture].map { [$0] } ?? Hotkeys.postures
        #if DEBUG
        print("frame: warning: a debug build; use 'swift run -c release duo-bench frame' for real figures")
        #endif
        do {
            let measured = try postures.map { try measure($0, frames: frames, scale: scale) }
            let goal = goalMilliseconds(scale: scale)
            print("frame: software renderer, scale \(scale), \(frames) frames per posture (ms, median / best; goal frame < \(goal) ms)")
            print("  " + "posture".padding(toLength: 10, withPad: " ", startingAt: 0) + "pixels      layout            frame")
            for figures in measured {
                let pixels = "\(figures.width)x\(figures.height)".padding(toLength: 12, withPad: " ", startingAt: 0)
                print(
                    "  " + figures.posture.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0) + pixels
                        + "\(format(median(figures.layout))) / \(format(figures.layout.min() ?? 0))   "
                        + "\(format(median(figures.frame))) / \(format(figures.frame.min() ?? 0))"
                        + (median(figures.frame) < goal ? "" : "   over the goal"))
            }
            return 0
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }

    /// The goal for a frame at `scale`: 4 ms at the window's own size; on a
    /// denser display (more pixels a point), a frame of a 120 Hz display.
    static func goalMilliseconds(scale: Double) -> Double { scale > 1 ? 8.3 : 4 }

    /// Measures `frames` frames of a mid-game Broadside session in `posture`.
    static func measure(_ posture: Posture, frames: Int, scale: Double) throws -> Figures {
        let profile = try GameLoader.profile("duo")
        let game = try GameLoader.broadside(variant: "classic")
        let table = try BroadsideNetworkTable.localGame(game, bot: "hunt", seed: 11)
        table.playDemoTurns(30)
        let session = DesktopSession(state: DeviceState(profile: profile, posture: posture), profiles: [profile], game: table)
        for _ in 0..<20 { session.advance(by: 1.0 / 60) }
        let size = Screenshot.windowSize(for: session, scale: scale)
        let offscreen = try OffscreenRenderer(width: size.width, height: size.height)
        defer { offscreen.close() }
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        defer { renderer.close() }
        let viewport = FrameRenderer.viewport(windowWidth: Double(size.width), windowHeight: Double(size.height))
        let statusLine = session.statusLine(frameMilliseconds: 1)

        var layoutTimes: [Double] = []
        var frameTimes: [Double] = []
        for index in 0..<(frames + 30) {
            let start = threadCPUSeconds()
            let context = session.sceneContext
            let layout = session.game.screen(in: context).layout(in: context)
            let afterLayout = threadCPUSeconds()
            let content = SceneContent(
                context: context, layout: layout, game: session.game,
                effect: session.effect.visual, showsRegions: false)
            try renderer.render(content, presentation: session.presentation(in: viewport), statusLine: statusLine, showsHelp: false)
            let end = threadCPUSeconds()
            session.advance(by: 1.0 / 60)
            // The first frames fill the text cache and make the scene texture: a window pays that once.
            if index >= 30 {
                layoutTimes.append((afterLayout - start) * 1000)
                frameTimes.append((end - start) * 1000)
            }
        }
        if let error = offscreen.canvas.takeError() { throw error }
        return Figures(posture: posture, width: size.width, height: size.height, layout: layoutTimes, frame: frameTimes)
    }

    static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
