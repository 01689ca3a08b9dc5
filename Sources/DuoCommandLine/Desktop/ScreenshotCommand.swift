import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `duo screenshot`: renders one frame offscreen (no display needed) to a PNG file.
enum ScreenshotCommand {
    static let tool = "duo screenshot"

    static let options: Set<String> = DeviceStateFlags.options.union(GameFlags.options).union(ReplayFlags.options)
        .union(["out", "scale", "width", "height", "shots"])
    static let flags: Set<String> = DeviceStateFlags.flags.union(GameFlags.flags).union(ReplayFlags.flags)
        .union(["regions", "scene-only", "no-status-line", "device-frame", "hotkey-help", "victory-photo", "show-fps", "help"])

    static func help(games: DesktopGames) -> String {
    """
    duo screenshot: render one frame of the desktop window offscreen, with no
    display, to a PNG file. Same device-state flags as 'duo inspect'.

    Usage:
      duo screenshot --out FILE [options]

    Output:
      --out FILE               the PNG file to write (required)
      --scale S                pixels per point (default 1): the window size follows
      --width W --height H     the window size in pixels instead (the device is fitted in)
      --scene-only             only the scene, flat, at --scale (no bezel, tilt or status line)
      --no-status-line         leave out the status line under the device
      --regions                draw the reserved regions as a labelled debug overlay
      --device-frame           draw the device as built (content turned with it)
      --hotkey-help            draw the hotkey help overlay
      --show-fps               draw 30 frames first, timed, and show the frame timing readout
                               (fps, whole frame, draw) on the status line, as F3 does in the window

    Device state:
    \(DeviceStateFlags.help)

    Game:
    \(GameFlags.help(games: games))
      --shots N                play N turns of the match first (both sides by bot), for a mid-game picture
                               (with --replay: N moves of the replay)
      --replay FILE            a replay's picture, with --seat N or --spectator and --move N (see duo --help)
      --victory-photo          play the match to its end (both sides by bot) and show the victory
                               photo: the camera facing the winner, the accessory on the outer display

    Examples:
      duo screenshot --posture tabletop --out tabletop.png
      duo screenshot --posture book --inner-camera --regions --shots 30 --out book.png
      duo screenshot --profile classic --orientation landscapeLeft --scale 2 --out classic.png
      duo screenshot --pass-and-play --victory-photo --out photo.png

    """
    }

    static func main(_ arguments: [String], games: DesktopGames) {
        let parsed = ParsedArguments.forCommand(arguments, options: options, flags: flags, tool: tool, help: help(games: games))
        do {
            if let word = parsed.positionals.first { throw ArgumentError("unexpected argument '\(word)'") }
            guard let out = parsed.value("out") else { throw ArgumentError("--out FILE is required") }
            let scale = try parsed.decimal("scale", in: 0.1...8) ?? 1
            let width = try parsed.value("width").map { _ in try parsed.integer("width", default: 0, in: 64...8192) }
            let height = try parsed.value("height").map { _ in try parsed.integer("height", default: 0, in: 64...8192) }
            guard (width == nil) == (height == nil) else { throw ArgumentError("--width and --height go together") }
            let shots = try parsed.integer("shots", default: 0, in: 0...400)
            let state = try DeviceStateFlags(parsed).state
            let session: DesktopSession
            if let replay = try ReplayFlags(parsed) {
                session = try replay.session(state: state, view: GameFlags.ViewFlags(parsed), games: games)
            } else {
                session = try GameFlags(parsed, games: games).session(state: state)
            }
            session.showsRegions = parsed.has("regions")
            session.showsDeviceFrame = parsed.has("device-frame")
            session.showsHelp = parsed.has("hotkey-help")
            session.showsFrameTiming = parsed.has("show-fps")
            if parsed.has("victory-photo") {
                guard shots == 0 else { throw ArgumentError("--shots and --victory-photo exclude each other") }
                try VictoryPhotoScreenshot.prepare(session)
            } else if shots > 0 {
                session.playDemoTurns(shots)
            }
            let image: PixelImage
            if parsed.has("scene-only") {
                guard !parsed.has("show-fps") else { throw ArgumentError("--show-fps needs the status line, not --scene-only") }
                image = try Screenshot.scene(of: session, scale: scale)
            } else if parsed.has("show-fps") {
                guard !parsed.has("no-status-line") else { throw ArgumentError("--show-fps and --no-status-line exclude each other") }
                let size = width.map { ($0, height ?? $0) } ?? Screenshot.windowSize(for: session, scale: scale)
                image = try Screenshot.timedFrame(of: session, width: size.0, height: size.1, frames: 30)
                print("frame timing: \(session.frameTiming.readout)")
            } else {
                let size = width.map { ($0, height ?? $0) } ?? Screenshot.windowSize(for: session, scale: scale)
                image = try Screenshot.frame(of: session, width: size.0, height: size.1, statusLine: !parsed.has("no-status-line"))
            }
            let url = URL(fileURLWithPath: out)
            do {
                try image.writePNG(to: url)
            } catch {
                throw DesktopError(cause: error.cause, fix: "choose a writable path for --out")
            }
            print("wrote \(out) (\(image.width)x\(image.height))")
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
    }
}
