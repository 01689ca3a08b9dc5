// Example: the fold-aware HUD helper.
//
//   swift run ExampleHUD [--posture tabletop|book|flat|closed] [--profile duo|classic] [--screenshot FILE.png]
//
// A game declares its HUD by role (status, controls, the board acted on,
// the board looked at) and sizes, never by position. The engine's layout
// helper places it from the layout context alone: in tabletop the status
// and the looked-at board go on the upright half, the board and buttons on
// the flat half; in book they sit side by side; nothing ever crosses the
// fold or sits under a camera. `HUDLintSweep` checks every situation.
import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

let tool = "ExampleHUD"
let postureOption: Option<Posture> = .choice("posture", default: .tabletop, help: "the device's posture")
let profileOption: Option<String> = .text("profile", "NAME", default: "duo", help: "the device profile: duo or classic")
let screenshotOption: Option<String?> = .text("screenshot", "FILE.png", help: "also render the HUD as laid out offscreen to this PNG file")
let command = CommandSpec(
    tool,
    sections: [
        .usage,
        .text(
            """
            The fold-aware HUD helper: a game declares its HUD by role and sizes,
            never by position, and the layout helper places it from the layout context
            alone; nothing ever crosses the fold or sits under a camera.
            """),
        .options("options:", [postureOption.spec, profileOption.spec, screenshotOption.spec]),
    ])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let posture = options[postureOption]
let profiles: [DeviceProfile]
let profile: DeviceProfile
do {
    profiles = try ["duo", "classic"].map { try DeviceProfile.named($0) }
    profile = try DeviceProfile.named(options[profileOption])
} catch {
    CommandExit.failure("\(error)", tool: tool)
}

// The HUD of a small board game: declared by role, sized in points.
let status: [HUDElement] = [.status("turn", minimumWidth: 140), .status("score", minimumWidth: 140)]
let preview = HUDElement.board("preview", anchor: .secondaryBoard, aspectRatio: 1.5, minimumSide: 120, isInteractive: false, isOptional: true)
let controls: [HUDElement] = [.control("play"), .control("undo"), .control("help")]
let screen = HUDScreen(
    name: "play",
    elements: status + [
        .board(
            "board", anchor: .primaryBoard, minimumSide: 220,
            touchGrid: HUDElement.TouchGrid(columns: 8, rows: 8, minimumCellSide: 26)),
        preview,
    ] + controls,
    // Where the flat half of a tabletop fold is too short for the whole board (the fold moved
    // towards it), half its rows lie there at full size, with a button for the other half,
    // and the whole board stands upright to look at: every button stays under the thumbs.
    fallbacks: [
        status + [
            .board("board-overview", anchor: .secondaryBoard, minimumSide: 120, isInteractive: false, isOptional: true),
            .board(
                "board-band", anchor: .primaryBoard, aspectRatio: 2, minimumSide: 104,
                touchGrid: HUDElement.TouchGrid(columns: 8, rows: 4, minimumCellSide: 26)),
            preview,
        ] + controls + [.control("other-rows")]
    ])

let context = DeviceState(profile: profile, posture: posture).layoutContext
let layout = screen.layout(in: context)
print("\(profile.name) \(posture.rawValue): scene \(context.size)")
for pane in layout.panes { print("  pane \(pane.role) \(pane.frame)") }
for placement in layout.placements { print("  \(placement.id) (\(placement.anchor.rawValue)) in \(placement.pane): \(placement.frame)") }
if !layout.hiddenElements.isEmpty { print("  hidden for lack of room: \(layout.hiddenElements.joined(separator: ", "))") }

// Every profile x posture x orientation x direction x fold position x hinge angle.
let report = HUDLintSweep(profiles: profiles, foldPositionCount: 3).run(screens: [screen])
print(
    "lint: \(report.isClean ? "clean" : "\(report.findings.count) findings") over \(report.situationCount) situations, \(report.layoutCount) layouts")
for finding in report.findings.prefix(5) { print("  \(finding)") }

if let path = options[screenshotOption] {
    do {
        let image = try OffscreenRenderer(width: Int(context.size.width), height: Int(context.size.height))
        defer { image.close() }
        let canvas = image.canvas
        canvas.clear(RGBAColor(hex: 0x18202A))
        for region in context.reservedRegions(options: .includeInactive) {
            let f = region.frame
            canvas.fillRect(
                x: f.minX, y: f.minY, width: max(2, f.width), height: max(2, f.height),
                color: RGBAColor(hex: 0xE05050).withAlpha(region.isActive ? 160 : 70))
        }
        let label = TextStyle(size: 15, bold: true, color: RGBAColor(hex: 0xFFFFFF))
        for placement in layout.placements {
            let f = placement.frame
            let color: RGBAColor =
                switch placement.anchor {
                case .status: RGBAColor(hex: 0x5C6B7A)
                case .controls: RGBAColor(hex: 0x3A7BD5)
                case .primaryBoard: RGBAColor(hex: 0x2F7D4F)
                case .secondaryBoard: RGBAColor(hex: 0x7A5C9E)
                }
            canvas.fillRect(x: f.minX, y: f.minY, width: f.width, height: f.height, color: color)
            if placement.id == "board" {
                for line in 1..<8 {
                    let step = Double(line) / 8
                    canvas.line(fromX: f.minX + f.width * step, y1: f.minY, toX: f.minX + f.width * step, y2: f.maxY, color: RGBAColor(hex: 0x1E5535))
                    canvas.line(
                        fromX: f.minX, y1: f.minY + f.height * step, toX: f.maxX, y2: f.minY + f.height * step, color: RGBAColor(hex: 0x1E5535))
                }
            }
            _ = canvas.drawText(placement.id, x: f.midX, y: f.midY, style: label, alignment: .center)
        }
        try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
    } catch {
        CommandExit.failure("screenshot: \(error)", tool: tool)
    }
}
