import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine
import Testing

/// Issue 21 defect 7: the overlays and captions drawn over a table keep every text whole and in sight.
/// Each situation here is one the drawn-text lint found broken (its list of known findings named them).
@Suite("Overlays over text: the regions overlay, the hotkey help and the news caption")
struct OverlayTextTests {
    /// The battle of a bot match, drawn whole at scale 1 with the regions overlay (G) or the hotkey help (H) on.
    static func battle(
        _ posture: Posture, fold: Double, orientation: DeviceOrientation, direction: LayoutDirection, regions: Bool, help: Bool
    ) throws -> (session: DesktopSession, frame: TracedFrame) {
        let session = DesktopFixtures.session(posture) { state in
            try? state.setFoldPosition(fold)
            state.orientation = orientation
            state.layoutDirection = direction
            state.isInnerCameraInUse = true
        }
        session.playDemoTurns(8)
        session.showsRegions = regions
        session.showsHelp = help
        let size = Screenshot.windowSize(for: session, scale: 1)
        let (_, frame) = try Screenshot.tracedFrame(of: session, width: size.width, height: size.height)
        return (session, frame)
    }

    static let situations: [(Posture, Double, DeviceOrientation, LayoutDirection)] = Posture.allCases.flatMap { posture in
        [(posture, 0.35, .portrait, .rightToLeft), (posture, 0.65, .landscapeLeft, .leftToRight), (posture, 0.7, .portrait, .leftToRight)]
    }

    @Test("The regions overlay's labels cover no HUD text and no other label, in every posture (they covered 'TURN', 'SCORE', the news caption)")
    func regionLabelsClearOfText() throws {
        for (posture, fold, orientation, direction) in Self.situations {
            let (session, frame) = try Self.battle(posture, fold: fold, orientation: orientation, direction: direction, regions: true, help: false)
            let overlayFindings = frame.violations(minimumSize: 10).filter { violation in
                if case .coveredByOverlay = violation.problem { return true }
                return violation.text.layer == .overlay
            }
            #expect(overlayFindings.isEmpty, "\(session.device.state.situationWords): \(overlayFindings.map(\.description))")
            // Every region is still named: by its long label or, where that finds no room, its name alone.
            let labels = frame.trace.texts.filter { $0.layer == .overlay }.map(\.text)
            let regions = session.sceneContext.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed)
            let named = regions.filter { region in labels.contains { $0 == region.id.rawValue || $0.hasPrefix("\(region.id.rawValue) · ") } }
            #expect(named.count == regions.count, "\(session.device.state.situationWords): \(labels) of \(regions.map(\.id))")
        }
    }

    @Test("The hotkey help keeps off the fold and the status line, every line whole and at 10 pt or more (it was drawn across the fold)")
    func helpOffTheFold() throws {
        for (posture, fold, orientation, direction) in Self.situations {
            let (session, frame) = try Self.battle(posture, fold: fold, orientation: orientation, direction: direction, regions: false, help: true)
            let help = frame.trace.texts.filter { $0.space == .window && $0.layer == .overlay }
            #expect(help.contains { $0.text == "Hotkeys" })
            let findings = frame.violations(minimumSize: 10).filter { $0.text.space == .window && $0.text.layer == .overlay }
            #expect(findings.isEmpty, "\(session.device.state.situationWords): \(findings.map(\.description))")
            // Every hotkey of the table is listed whole.
            let shown = Set(help.map(\.text))
            let missing = Hotkeys.lines(for: session.game).filter { !shown.contains($0.action) }
            #expect(missing.isEmpty, "\(session.device.state.situationWords): \(missing.map(\.action))")
        }
    }

    @Test("A narrow news box shortens its caption, never cutting it (it read 'NEWS · 16 newer (P…')")
    func newsCaptionWhole() throws {
        let offscreen = try OffscreenRenderer(width: 400, height: 200)
        defer { offscreen.close() }
        let canvas = offscreen.canvas
        canvas.tracesFrame = true
        var feed = NewsFeed()
        for shot in 1...20 { feed.say("You fired at C\(shot): miss") }
        feed.scroll(by: 16)
        for width in [260.0, 150, 120, 90] {
            canvas.beginFrame()
            NewsLogPainter(canvas: canvas).drawLog(feed, in: Rect(x: 10, y: 10, width: width, height: 110))
            let caption = try #require(canvas.takeTrace().texts.first { $0.text.hasPrefix("NEWS") })
            #expect(caption.cutFrom == nil, "\(width): \(caption)")
            #expect(caption.text.contains("16"), "the count of newer entries is kept: \(caption.text)")
            #expect(caption.frame.maxX <= 10 + width - 8 + 0.5, "\(width): \(caption)")
        }
    }
}
