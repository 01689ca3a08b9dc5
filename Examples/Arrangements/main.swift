// Example: the two arrangement styles, split and overlay, in every posture.
//
//   swift run ExampleArrangements [--screenshot FILE.png]
//
// `split` never overlaps its two views and uses the fold as the boundary;
// `overlay` stacks them in z while the display is flat or closed and moves
// them apart round the fold when it is partly folded (in tabletop the
// secondary goes up, on the upright half; the primary down, under the thumbs).
import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

let tool = "ExampleArrangements"
let screenshotOption: Option<String?> = .text("screenshot", "FILE.png", help: "also render the four postures side by side offscreen to this PNG file")
let command = CommandSpec(
    tool,
    sections: [
        .usage,
        .text(
            """
            The two arrangement styles, split and overlay, in every posture: split
            never overlaps its two views and uses the fold as the boundary; overlay
            stacks them in z while the display is flat or closed and moves them apart
            round the fold when it is partly folded.
            """),
        .options("options:", [screenshotOption.spec]),
    ])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let profile: DeviceProfile
do { profile = try DeviceProfile.named("duo") } catch { CommandExit.failure("\(error)", tool: tool) }

let postures: [Posture] = [.flat, .book, .tabletop, .closed]
let styles: [Arrangement.Style] = [.split, .overlay]
var results: [(posture: Posture, style: Arrangement.Style, context: LayoutContext, layout: ArrangementLayout)] = []
for posture in postures {
    let context = DeviceState(profile: profile, posture: posture).layoutContext
    for style in styles {
        let layout: ArrangementLayout
        do { layout = try Arrangement(style: style).layout(in: context) } catch { CommandExit.failure("\(error)", tool: tool) }
        results.append((posture, style, context, layout))
        let primary = layout.primary.map { "\($0)" } ?? "hidden"
        let secondary = layout.secondary.map { "\($0)" } ?? "hidden"
        print("\(posture.rawValue) \(style.rawValue): primary \(primary), secondary \(secondary)\(layout.isStackedInZ ? ", stacked in z" : "")")
    }
}

// An arrangement inside a scrolling container is refused when the layout is built.
let tabletop = DeviceState(profile: profile, posture: .tabletop).layoutContext
let scrolling = tabletop.scrollContentContext(for: Rect(x: 0, y: 0, width: 660, height: 3000))
do {
    _ = try Arrangement().layout(in: scrolling)
    print("inside a scroll view: laid out (unexpected)")
} catch {
    print("inside a scroll view: refused (\(error))")
}

if let path = options[screenshotOption] {
    // One small picture per (posture, style), scaled to fit a 4 x 2 grid of 240 pt cells.
    let cell = 240.0
    let columns = postures.count
    do {
        let image = try OffscreenRenderer(width: Int(cell) * columns, height: Int(cell) * styles.count + 50)
        defer { image.close() }
        let canvas = image.canvas
        canvas.clear(RGBAColor(hex: 0x202830))
        let label = TextStyle(size: 12, color: RGBAColor(hex: 0xFFFFFF))
        for result in results {
            let column = postures.firstIndex(of: result.posture)!
            let row = styles.firstIndex(of: result.style)!
            let size = result.context.size
            let scale = (cell - 20) / max(size.width, size.height)
            let originX = Double(column) * cell + 10
            let originY = Double(row) * cell + 30
            func fill(_ rect: Rect, _ color: RGBAColor) {
                canvas.fillRect(
                    x: originX + rect.minX * scale, y: originY + rect.minY * scale,
                    width: max(1, rect.width * scale), height: max(1, rect.height * scale), color: color)
            }
            fill(Rect(size: size), RGBAColor(hex: 0x3A4450))
            if let secondary = result.layout.secondary { fill(secondary, RGBAColor(hex: 0x4FA36B).withAlpha(200)) }
            if let primary = result.layout.primary { fill(primary, RGBAColor(hex: 0x3A7BD5).withAlpha(result.layout.isStackedInZ ? 150 : 220)) }
            for fold in result.context.reservedRegions(kind: .division, options: .includeInactive) {
                fill(fold.frame, RGBAColor(hex: 0xE05050).withAlpha(fold.isActive ? 220 : 120))
            }
            _ = canvas.drawText("\(result.posture.rawValue) \(result.style.rawValue)", x: originX, y: originY - 16, style: label)
        }
        _ = canvas.drawText("blue: primary   green: secondary   red: fold (pale: inactive)", x: 10, y: cell * Double(styles.count) + 30, style: label)
        try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
    } catch {
        CommandExit.failure("screenshot: \(error)", tool: tool)
    }
}
