// Example: an effect driven by the hinge angle, with the reset rule.
//
//   swift run ExampleHingeEffect [--screenshot FILE.png]
//
// A "tilt" effect follows the hinge angle while the device is partly
// folded, and resets to zero whenever the status is anything else (flat,
// closed, unknown, or no hinge at all): opening the device flat must not
// leave the effect stuck at its last angle. The effect is fed by the hinge
// observer; the layout observer is separate and never sees the hinge, so
// sweeping the angle inside `partiallyOpen` causes no layout pass.
import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation

let tool = "ExampleHingeEffect"
let screenshotOption: Option<String?> = .text("screenshot", "FILE.png", help: "also render the effect over the sweep offscreen to this PNG file")
let command = CommandSpec(
    tool,
    sections: [
        .usage,
        .text(
            """
            An effect driven by the hinge angle, with the reset rule: a tilt follows
            the angle while the device is partly folded and resets to zero whenever the
            status is anything else. Sweeping the angle inside partiallyOpen causes no
            layout pass.
            """),
        .options("options:", [screenshotOption.spec]),
    ])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let profile: DeviceProfile
do { profile = try DeviceProfile.named("duo") } catch { CommandExit.failure("\(error)", tool: tool) }

/// The effect: 0 when flat or closed, up to 1 as the device folds towards 90 degrees.
struct TiltEffect {
    private(set) var amount = 0.0

    /// The hinge observer's body: follow the angle only while partially open.
    mutating func hingeChanged(to context: HingeContext) {
        guard let hinge = context.hinge, hinge.status == .partiallyOpen else {
            amount = 0  // the reset rule
            return
        }
        amount = min(1, max(0, (180 - hinge.angle.degrees) / 90))
    }
}

let device = SimulatedDevice(profile: profile, posture: .flat)
var effect = TiltEffect()
var layoutPasses = 0
let hingeToken = device.observeHinge { _, current in effect.hingeChanged(to: current) }
let layoutToken = device.observeLayout { _ in layoutPasses += 1 }  // sees size, direction, regions: no hinge
effect.hingeChanged(to: device.hingeContext)  // read once before observing changes

var samples: [(angle: Double, status: HingeStatus, amount: Double)] = []
let sweep: [Double] = Array(stride(from: 180, through: 90, by: -10)) + Array(stride(from: 100, through: 180, by: 10)) + [120, 60, 0]
print("angle  status         tilt  layout passes")
for angle in sweep {
    do { try device.setHingeAngle(HingeAngle(degrees: angle)) } catch { CommandExit.failure("\(error)", tool: tool) }
    device.advance(by: 1.0 / 60)
    let status = device.hingeContext.hinge?.status ?? .unknown
    samples.append((angle, status, effect.amount))
    func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    let tilt = String(Double(Int(effect.amount * 100)) / 100)
    print(pad(String(Int(angle)), 7) + pad(status.rawValue, 15) + pad(tilt, 6) + String(layoutPasses))
}
let flat = samples.last { $0.angle == 180 }?.amount ?? -1
print("effect after opening flat: \(flat == 0 ? "reset to 0" : "stuck at \(flat)")")
print("effect after closing: \(effect.amount == 0 ? "reset to 0" : "stuck at \(effect.amount)")")
hingeToken.cancel()
layoutToken.cancel()

if let path = options[screenshotOption] {
    let width = 40 * samples.count + 40
    let height = 260
    do {
        let image = try OffscreenRenderer(width: width, height: height)
        defer { image.close() }
        let canvas = image.canvas
        canvas.clear(RGBAColor(hex: 0x1B2330))
        let small = TextStyle(size: 11, color: RGBAColor(hex: 0xD0D8E0))
        for (index, sample) in samples.enumerated() {
            let x = 30 + Double(index) * 40
            let color: RGBAColor =
                switch sample.status {
                case .partiallyOpen: RGBAColor(hex: 0x4FA36B)
                case .fullyOpen: RGBAColor(hex: 0x3A7BD5)
                default: RGBAColor(hex: 0xE05050)
                }
            let bar = sample.amount * 160
            canvas.fillRect(x: x, y: 200 - bar, width: 30, height: max(2, bar), color: color)
            _ = canvas.drawText(String(Int(sample.angle)), x: x + 15, y: 210, style: small, alignment: .top)
        }
        _ = canvas.drawText(
            "tilt effect per hinge reading (green: partiallyOpen, blue: fullyOpen, red: closed)",
            x: 20, y: 12, style: TextStyle(size: 14, bold: true, color: RGBAColor(hex: 0xFFFFFF)))
        _ = canvas.drawText("angle (degrees)", x: 20, y: 232, style: small)
        try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
    } catch {
        CommandExit.failure("screenshot: \(error)", tool: tool)
    }
}
