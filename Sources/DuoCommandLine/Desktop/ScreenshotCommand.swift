import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `duo screenshot`: renders one frame offscreen (no display needed) to a PNG file.
enum ScreenshotCommand {
    static let tool = "\(DuoCommand.tool) screenshot"

    /// The options of its own; the device state, game and replay flags are the window's.
    enum Options {
        static let out: Option<String?> = .text("out", "FILE", help: "the PNG file to write (required)")
        static let scale: Option<Double?> = .decimal(
            "scale", "S", in: 0.1...8, defaultText: "1", help: "pixels per point: the window size follows")
        static let width: Option<Int?> = .integer(
            "width", "W", in: 64...8192, help: "the window width in pixels instead (the device is fitted in; with --height)")
        static let height: Option<Int?> = .integer("height", "H", in: 64...8192, help: "the window height in pixels (with --width)")
        static let sceneOnly: Option<Bool> = .flag("scene-only", help: "only the scene, flat, at --scale (no bezel, tilt or status line)")
        static let noStatusLine: Option<Bool> = .flag("no-status-line", help: "leave out the status line under the device")
        static let regions: Option<Bool> = .flag("regions", help: "draw the reserved regions as a labelled debug overlay")
        static let deviceFrame: Option<Bool> = .flag("device-frame", help: "draw the device as built (content turned with it)")
        static let hotkeyHelp: Option<Bool> = .flag("hotkey-help", help: "draw the hotkey help overlay")
        static let checkTexts: Option<Bool> = .flag(
            "check-texts",
            help: """
                check every text the frame draws as '\(DuoCommand.tool) lint' does (whole, at the minimum
                size, clear of the fold, the cameras, element edges and other texts):
                exit status 1 when one breaks a rule (known findings excepted)
                """)
        static let showFPS: Option<Bool> = .flag(
            "show-fps",
            help: """
                draw 30 frames first, timed, and show the frame timing readout
                (fps, whole frame, draw) on the status line, as F3 does in the window
                """)
        static let shots: Option<Int> = .integer(
            "shots", in: 0...400, default: 0,
            help: """
                play N turns of the match first (both sides by bot), for a mid-game picture
                (with --replay: N moves of the replay)
                """)
        static let inFlight: Option<Double?> = .decimal(
            "in-flight", "SECONDS", in: 0...30, defaultText: "off",
            help: """
                play one more turn (after any --shots) and draw it SECONDS into showing
                it, not finished: a golf ball still rolling (a picture of a shot in flight)
                """)
        static let victoryPhoto: Option<Bool> = .flag(
            "victory-photo",
            help: """
                play the match to its end (both sides by bot) and show the victory
                photo: the camera facing the winner, the accessory on the outer display
                """)
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: DesktopGames) -> CommandSpec {
        let replay = ReplayFlags.replay.with(help: "a replay's picture, with --seat N or --spectator and --move N (see \(DuoCommand.tool) --help)")
        return CommandSpec(
            tool,
            sections: [
                .text(
                    """
                    \(DuoCommand.tool) screenshot: render one frame of the desktop window offscreen, with no
                    display, to a PNG file. Same device-state flags as '\(DuoCommand.tool) inspect'.

                    Usage:
                      \(DuoCommand.tool) screenshot --out FILE [options]
                    """),
                .options(
                    "Output:",
                    [
                        Options.out.spec, Options.scale.spec, Options.width.spec, Options.height.spec, Options.sceneOnly.spec,
                        Options.noStatusLine.spec, Options.regions.spec, Options.deviceFrame.spec, Options.hotkeyHelp.spec, Options.showFPS.spec,
                        Options.checkTexts.spec,
                    ]),
                .options("Device state:", DeviceStateFlags.specs),
                .options(
                    "Game:",
                    GameFlags.specs(games: games) + [Options.shots.spec, Options.inFlight.spec, replay.spec] + ReplayFlags.specs.dropFirst()
                        + [Options.victoryPhoto.spec, OptionSpec.helpFlag]),
                .list(
                    "Examples:",
                    [
                        "\(DuoCommand.tool) screenshot --posture tabletop --out tabletop.png",
                        "\(DuoCommand.tool) screenshot --posture book --inner-camera --regions --shots 30 --out book.png",
                        "\(DuoCommand.tool) screenshot --profile classic --orientation landscapeLeft --scale 2 --out classic.png",
                        "\(DuoCommand.tool) screenshot --pass-and-play --victory-photo --out photo.png",
                    ]),
            ])
    }

    static func main(_ arguments: [String], games: DesktopGames) {
        let parsed = command(games: games).parseOrExit(arguments)
        do {
            guard let out = parsed[Options.out] else { throw ArgumentError("--out FILE is required") }
            let scale = parsed[Options.scale] ?? 1
            let width = parsed[Options.width]
            let height = parsed[Options.height]
            guard (width == nil) == (height == nil) else { throw ArgumentError("--width and --height go together") }
            let shots = parsed[Options.shots]
            if parsed[Options.inFlight] != nil, parsed[Options.victoryPhoto] || parsed[ReplayFlags.replay] != nil {
                throw ArgumentError("--in-flight plays a match on this device: not with --victory-photo or --replay")
            }
            let state = try DeviceStateFlags(parsed).state
            let session: DesktopSession
            let registration: DesktopGameRegistration
            if let replay = try ReplayFlags(parsed) {
                (session, registration) = try replay.sessionAndGame(state: state, view: GameFlags.ViewFlags(parsed), games: games)
            } else {
                session = try GameFlags(parsed, games: games).session(state: state)
                registration = try games.entry(parsed[GameFlags.game])
            }
            session.showsRegions = parsed[Options.regions]
            session.showsDeviceFrame = parsed[Options.deviceFrame]
            session.showsHelp = parsed[Options.hotkeyHelp]
            session.showsFrameTiming = parsed[Options.showFPS]
            if parsed[Options.victoryPhoto] {
                guard shots == 0 else { throw ArgumentError("--shots and --victory-photo exclude each other") }
                try VictoryPhotoScreenshot.prepare(session)
            } else if shots > 0 {
                session.playDemoTurns(shots)
            }
            if let seconds = parsed[Options.inFlight] {
                guard session.playDemoTurnInFlight(seconds: seconds) else {
                    throw ArgumentError("--in-flight: the match has no move left to play (fewer --shots)")
                }
            }
            let image: PixelImage
            var traced: TracedFrame?
            if parsed[Options.checkTexts] {
                guard !parsed[Options.sceneOnly], !parsed[Options.showFPS] else {
                    throw ArgumentError("--check-texts checks a whole frame: not with --scene-only or --show-fps")
                }
                let size = width.map { ($0, height ?? $0) } ?? Screenshot.windowSize(for: session, scale: scale)
                (image, traced) = try Screenshot.tracedFrame(
                    of: session, width: size.0, height: size.1, statusLine: !parsed[Options.noStatusLine])
            } else if parsed[Options.sceneOnly] {
                guard !parsed[Options.showFPS] else { throw ArgumentError("--show-fps needs the status line, not --scene-only") }
                image = try Screenshot.scene(of: session, scale: scale)
            } else if parsed[Options.showFPS] {
                guard !parsed[Options.noStatusLine] else { throw ArgumentError("--show-fps and --no-status-line exclude each other") }
                let size = width.map { ($0, height ?? $0) } ?? Screenshot.windowSize(for: session, scale: scale)
                image = try Screenshot.timedFrame(of: session, width: size.0, height: size.1, frames: 30)
                print("frame timing: \(session.frameTiming.readout)")
            } else {
                let size = width.map { ($0, height ?? $0) } ?? Screenshot.windowSize(for: session, scale: scale)
                image = try Screenshot.frame(of: session, width: size.0, height: size.1, statusLine: !parsed[Options.noStatusLine])
            }
            let url = URL(fileURLWithPath: out)
            do {
                try image.writePNG(to: url)
            } catch {
                throw DesktopError(cause: error.cause, fix: "choose a writable path for --out")
            }
            print("wrote \(out) (\(image.width)x\(image.height))")
            if let traced, !checkTexts(traced, game: registration, session: session) { exit(CommandExit.failureStatus) }
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }

    /// Prints each rule the frame's texts break (`known:` for the known list's) and how many texts it
    /// drew; returns whether none but known ones are broken.
    static func checkTexts(_ frame: TracedFrame, game: DesktopGameRegistration, session: DesktopSession) -> Bool {
        let findings = DrawnTextLint.findings(
            in: frame, game: game.name, minimumSize: game.minimumTextSize, mode: nil, situation: DrawnTextLint.describe(session.device.state))
        for finding in findings {
            print("\(finding.known == nil ? "violation" : "known"): \(finding)\(finding.known.map { " [\($0.reason)]" } ?? "")")
        }
        let failed = findings.filter { $0.known == nil }.count
        print("checked \(frame.trace.texts.count) drawn texts: \(failed == 0 ? "no violations" : "\(failed) violation\(failed == 1 ? "" : "s")")")
        return failed == 0
    }
}
