import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

#if canImport(Glibc)
import BroadsideDesktop
import Glibc
#endif

/// `duo-bench photo`: what the victory photo costs the desktop window: one
/// preview picture (the camera's sensor image through the connection:
/// turned and mirrored), one whole frame with the photo open (its HUD laid
/// out from scratch, the preview drawn, the accessory's inset), and one
/// device change seen by the open photo (cameras, layout pass, the preview's
/// view followed).
enum PhotoBenchmark {
    static let tool = "duo-bench photo"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let frames: Option<Int> = .integer("frames", in: 1...100_000, default: 200, help: "rounds measured")
        static let posture: Option<Posture> = .choice("posture", default: .tabletop, help: "the device's posture")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                With the victory photo open after a pass-and-play match, software renderer, offscreen:
                  preview  one preview picture from the camera (sensor image, turned, mirrored)
                  frame    one whole window frame: photo HUD layout + scene + preview + panels + accessory inset
                  change   one device change (to book and back; tabletop for book) seen by the open photo
                Median and best over N rounds after a warm-up.
                """),
            .options("options:", [Options.frames.spec, Options.posture.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let rounds = parsed[Options.frames]
        let posture = parsed[Options.posture]
        #if DEBUG
        print("photo: warning: a debug build; use 'swift run -c release duo-bench photo' for real figures")
        #endif
        do {
            let profile = try GameLoader.profile("duo")
            let game = try GameLoader.broadside(variant: "classic")
            let table = try BroadsideNetworkTable.localGame(game, bot: nil, seed: 3)
            let session = DesktopSession(state: DeviceState(profile: profile, posture: posture), profiles: [profile], game: table)
            session.playDemoTurns(500)
            guard session.victoryPhotos.camera != nil else {
                throw DesktopError(
                    cause: "the victory photo did not open (\(session.victoryPhotos.lastError?.description ?? "no winner"))",
                    fix: "run from the package folder so Assets/cameras is found")
            }
            let size = Screenshot.windowSize(for: session, scale: 1)
            let offscreen = try OffscreenRenderer(width: size.width, height: size.height)
            defer { offscreen.close() }
            let renderer = FrameRenderer(canvas: offscreen.canvas)
            defer { renderer.close() }
            let (width, height) = (Double(size.width), Double(size.height))
            let statusLine = session.statusLine(frameMilliseconds: 1)
            let screen = table.victoryPhotoScreen

            var previewTimes: [Double] = []
            var frameTimes: [Double] = []
            var changeTimes: [Double] = []
            for index in 0..<(rounds + 20) {
                let previewStart = FrameBenchmark.threadCPUSeconds()
                let preview = session.victoryPhotoPreview
                let previewEnd = FrameBenchmark.threadCPUSeconds()

                let frameStart = FrameBenchmark.threadCPUSeconds()
                let context = session.sceneContext
                let content = SceneContent(
                    context: context, layout: screen.layout(in: context), game: session.game,
                    effect: session.effect.visual, showsRegions: false,
                    victoryPhoto: session.victoryPhotoPreview.map { VictoryPhotoContent(preview: $0) })
                let presentation = session.presentation(in: session.deviceViewport(windowWidth: width, windowHeight: height))
                try renderer.render(
                    content, presentation: presentation, statusLine: statusLine, showsHelp: false,
                    accessory: session.accessoryInset(windowWidth: width, windowHeight: height))
                let frameEnd = FrameBenchmark.threadCPUSeconds()

                // To book (tabletop when book was chosen) and back: every frame is drawn in the chosen posture.
                let changeStart = FrameBenchmark.threadCPUSeconds()
                session.apply(.posture(posture == .book ? .tabletop : .book))
                let changeMiddle = FrameBenchmark.threadCPUSeconds()
                session.apply(.posture(posture))
                let changeEnd = FrameBenchmark.threadCPUSeconds()
                // The first rounds fill the text cache and make the textures: a window pays that once.
                if index >= 20, preview?.image != nil {
                    previewTimes.append((previewEnd - previewStart) * 1000)
                    frameTimes.append((frameEnd - frameStart) * 1000)
                    changeTimes += [(changeMiddle - changeStart) * 1000, (changeEnd - changeMiddle) * 1000]
                }
            }
            if let error = offscreen.canvas.takeError() { throw error }
            print("photo: \(posture.rawValue), pass-and-play match won, \(size.width)x\(size.height) pixels, software renderer, \(rounds) rounds")
            print("  preview  median \(FrameBenchmark.format(median(previewTimes))) ms   best \(FrameBenchmark.format(previewTimes.min() ?? 0)) ms")
            print("  frame    median \(FrameBenchmark.format(median(frameTimes))) ms   best \(FrameBenchmark.format(frameTimes.min() ?? 0)) ms")
            print("  change   median \(FrameBenchmark.format(median(changeTimes))) ms   best \(FrameBenchmark.format(changeTimes.min() ?? 0)) ms")
            return 0
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }

    static func median(_ values: [Double]) -> Double { FrameBenchmark.median(values) }
}
