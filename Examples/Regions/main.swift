// Example: reading reserved regions, and keeping a button off the fold.
//
//   swift run ExampleRegions [--posture tabletop|book|flat|tent|closed] [--screenshot FILE.png]
//
// Prints every reserved region of the scene (the fold, cameras, status
// area), active or not, then places a 160 x 48 pt "Fire" button at the
// bottom centre and moves it wholly to one side of the fold. It queries with
// `.includeInactive`, so the button is already clear of a flat (inactive)
// fold and does not jump when the device folds.
import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

let tool = "ExampleRegions"
let postureOption: Option<Posture> = .choice("posture", default: .tabletop, help: "the device's posture")
let screenshotOption: Option<String?> = .text(
    "screenshot", "FILE.png", help: "also render the scene with its regions and the button offscreen to this PNG file")
let command = CommandSpec(
    tool,
    sections: [
        .usage,
        .text(
            """
            Prints every reserved region of the scene (the fold, cameras, status
            area), active or not, then places a 160 x 48 pt "Fire" button at the bottom
            centre and moves it wholly to one side of the fold.
            """),
        .options("options:", [postureOption.spec, screenshotOption.spec]),
    ])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let posture = options[postureOption]
let profile: DeviceProfile
do { profile = try DeviceProfile.named("duo") } catch { CommandExit.failure("\(error)", tool: tool) }

let context = DeviceState(profile: profile, posture: posture).layoutContext
print("duo \(posture.rawValue): scene \(context.size)")
for region in context.reservedRegions(options: .includeInactive) {
    print("  \(region.id.rawValue) (\(region.kind.rawValue)) \(region.frame) \(region.isActive ? "active" : "inactive")")
}

/// Whether `frame` reaches into a fold band along the axis the fold divides.
/// (A flat fold is a zero-width line, which `Rect.intersects` never reports.)
func crosses(_ frame: Rect, _ band: Rect) -> Bool {
    band.width < band.height
        ? frame.minX < band.maxX && frame.maxX > band.minX
        : frame.minY < band.maxY && frame.maxY > band.minY
}

/// A button of `size` at the bottom centre, moved to the trailing side of
/// any fold it crosses, and up out of any active occlusion.
func placeButton(_ size: Size, in context: LayoutContext, spacing: Double = 16) -> Rect {
    var frame = Rect(
        x: (context.size.width - size.width) / 2, y: context.size.height - size.height - spacing,
        width: size.width, height: size.height)
    for fold in context.reservedRegions(kind: .division, options: .includeInactive) where crosses(frame, fold.frame) {
        if fold.frame.width < fold.frame.height {
            frame.origin.x = fold.frame.maxX + spacing  // vertical fold: trailing half
        } else {
            frame.origin.y = max(frame.minY, fold.frame.maxY + spacing)  // horizontal fold: flat half
        }
    }
    for occlusion in context.reservedRegions(kind: .occlusion) where occlusion.frame.intersects(frame) {
        frame.origin.y = occlusion.frame.minY - size.height - spacing
    }
    return frame
}

let button = placeButton(Size(width: 160, height: 48), in: context)
let folds = context.reservedRegions(kind: .division, options: .includeInactive)
let occluded = context.reservedRegions(kind: .occlusion).contains { $0.frame.intersects(button) }
print("button \(button)")
print("crosses fold: \(folds.contains { crosses(button, $0.frame) } ? "yes" : "no")")
print("under an occlusion: \(occluded ? "yes" : "no")")

// A subview sees the regions in its own coordinates.
let lowerHalf = Rect(x: 0, y: context.size.height / 2, width: context.size.width, height: context.size.height / 2)
let sub = context.context(for: lowerHalf)
print(
    "in the lower half \(lowerHalf): "
        + sub.reservedRegions(options: .includeInactive).map { "\($0.id.rawValue) at \($0.frame)" }.joined(separator: ", "))

if let path = options[screenshotOption] {
    do {
        let image = try OffscreenRenderer(width: Int(context.size.width), height: Int(context.size.height))
        defer { image.close() }
        let canvas = image.canvas
        canvas.clear(RGBAColor(hex: 0x1E2A38))
        for region in context.reservedRegions(options: .includeInactive) {
            let color = region.kind == .division ? RGBAColor(hex: 0xE05050) : RGBAColor(hex: 0xE0A030)
            let f = region.frame
            canvas.fillRect(
                x: f.minX, y: f.minY, width: max(f.width, 2), height: max(f.height, 2),
                color: color.withAlpha(region.isActive ? 200 : 90))
            _ = canvas.drawText(
                region.id.rawValue, x: f.minX + 4, y: f.minY + 4,
                style: TextStyle(size: 14, color: RGBAColor(hex: 0xFFFFFF)))
        }
        canvas.fillRect(x: button.minX, y: button.minY, width: button.width, height: button.height, color: RGBAColor(hex: 0x3A7BD5))
        _ = canvas.drawText(
            "Fire", x: button.midX, y: button.midY, style: TextStyle(size: 20, bold: true, color: RGBAColor(hex: 0xFFFFFF)),
            alignment: .center)
        _ = canvas.drawText(
            "duo \(posture.rawValue): reserved regions", x: 16, y: 60,
            style: TextStyle(size: 18, bold: true, color: RGBAColor(hex: 0xFFFFFF)))
        try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
    } catch {
        CommandExit.failure("screenshot: \(error)", tool: tool)
    }
}
