import DuoPlatform
import Foundation
import TabletopEngine

/// Paints one scene in scene points: the panels' backgrounds, the hinge
/// effect on the upright panel(s), the game, the display hardware (fold
/// crease, cameras, status area) and, on request, the reserved regions.
struct ScenePainter {
    let canvas: Canvas
    let content: SceneContent

    static let regionLabel = TextStyle(size: 11, bold: true, color: Palette.activeRegionEdge)

    /// Whether ``draw()``'s first fill (the flat panel's colour over the whole scene) is opaque
    /// and covers every pixel of a picture this size: then clearing it first would be wasted work.
    func coversItsPicture(pixelWidth: Int, pixelHeight: Int) -> Bool {
        let size = content.context.size
        let covered = canvas.pixelRect(x: 0, y: 0, width: size.width, height: size.height)
        return content.game.panelColors.flat.alpha == 255 && covered.x <= 0 && covered.y <= 0
            && Int(covered.x + covered.w) >= pixelWidth && Int(covered.y + covered.h) >= pixelHeight
    }

    func draw() {
        let size = content.context.size
        let colors = content.game.panelColors
        // The panes, filled right after with opaque colours, are spared (written once, not twice).
        let panesAreOpaque = colors.flat.alpha == 255 && colors.upright.alpha == 255
        canvas.fillRect(
            x: 0, y: 0, width: size.width, height: size.height, color: colors.flat,
            sparing: panesAreOpaque ? content.layout.panes.map(\.frame) : [])
        let leaning = content.layout.panes.filter { $0.role != .lower && $0.role != .whole }
        for pane in content.layout.panes {
            let color = (pane.role == .upper || pane.role == .leading) ? colors.upright : colors.flat
            canvas.fillRect(x: pane.frame.minX, y: pane.frame.minY, width: pane.frame.width, height: pane.frame.height, color: color)
        }
        let style = content.game.hingeEffectStyle
        let sceneEffect = style == .drawnByGame ? nil : content.effect
        if let effect = sceneEffect, style == .glareOverSwell {
            for pane in leaning { drawSwell(effect, in: pane.frame) }
        }
        content.game.paint(on: canvas, layout: content.layout, context: content.context, effect: content.effect)
        VictoryPhotoPainter(canvas: canvas, content: content).draw()
        if let effect = sceneEffect {
            for pane in leaning { drawGlare(effect, in: pane.frame) }
        }
        // The frame trace tells the device's own drawing and the overlays from the game's (see DrawnText.Layer).
        canvas.tracing(.overlay) { if let prompt = content.prompt { drawPrompt(prompt) } }
        canvas.tracing(.hardware) { drawHardware() }
        if content.showsRegions { canvas.tracing(.overlay) { drawRegions() } }
    }

    static let promptStyle = TextStyle(size: 20, bold: true, color: Palette.noticeHeadline)

    /// The session's question, in a strip across the middle of the flat half (or the whole scene), over the game.
    private func drawPrompt(_ prompt: String) {
        let frame =
            content.layout.panes.first { $0.role == .lower || $0.role == .whole }?.frame
            ?? Rect(x: 0, y: 0, width: content.context.size.width, height: content.context.size.height)
        let height = 56.0
        let top = frame.minY + (frame.height - height) / 2
        canvas.fillRect(x: frame.minX, y: top, width: frame.width, height: height, color: Palette.banner)
        canvas.fillRect(x: frame.minX, y: top, width: frame.width, height: 3, color: Palette.noticeHeadline)
        let text = canvas.fittedText(prompt, maxWidth: frame.width - 24, style: Self.promptStyle)
        canvas.drawText(text, x: frame.midX, y: top + height / 2 + 1.5, style: Self.promptStyle, alignment: .center)
    }

    // MARK: - Hinge effect

    private func drawSwell(_ effect: HingeEffect.Visual, in frame: Rect) {
        let waves = 5
        let segments = 24
        for wave in 0..<waves {
            let baseY = frame.minY + frame.height * (Double(wave) + 0.5) / Double(waves)
            var previous: (x: Double, y: Double)?
            for step in 0...segments {
                let x = frame.minX + frame.width * Double(step) / Double(segments)
                let phase = (Double(step) / Double(segments) * 3 + effect.swellPhase + Double(wave) * 0.37) * 2 * Double.pi
                let point = (x: x, y: baseY + sin(phase) * effect.swellHeight)
                if let previous {
                    canvas.line(fromX: previous.x, y1: previous.y, toX: point.x, y2: point.y, color: Palette.swell, thickness: 1.5)
                }
                previous = point
            }
        }
    }

    private func drawGlare(_ effect: HingeEffect.Visual, in frame: Rect) {
        let centre = frame.minY + frame.height * effect.glarePosition
        let half = frame.height * 0.12
        let peak = 70 * effect.glareStrength
        // Solid translucent bands with a triangular profile: the software
        // renderer blends solid rectangles much faster than gradient triangles
        // (and all of them at once faster still, see Canvas.fillRects).
        let bands = 16
        let bandHeight = 2 * half / Double(bands)
        var fills: [FilledRect] = []
        for band in 0..<bands {
            let top = centre - half + Double(band) * bandHeight
            let clippedTop = max(top, frame.minY)
            let clippedBottom = min(top + bandHeight, frame.maxY)
            guard clippedBottom > clippedTop else { continue }
            let distance = abs((top + bandHeight / 2) - centre) / half
            let alpha = UInt8(max(0, min(255, (peak * (1 - distance)).rounded())))
            guard alpha > 0 else { continue }
            fills.append(
                FilledRect(
                    Rect(x: frame.minX, y: clippedTop, width: frame.width, height: clippedBottom - clippedTop),
                    color: Palette.glare.withAlpha(alpha)))
        }
        canvas.fillRects(fills)
    }

    // MARK: - Hardware

    private func drawHardware() {
        // Strips first, holes on top: a camera sits inside the status area on the outer display.
        let regions = content.context.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed)
            .sorted { ($0.id == .statusArea ? 0 : 1) < ($1.id == .statusArea ? 0 : 1) }
        for region in regions {
            let frame = region.frame
            switch region.id {
            case .fold:
                if region.isActive {
                    canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: Palette.creaseShadow)
                    let margins = region.margins
                    let crease = frame.inset(by: margins)
                    canvas.fillRect(x: crease.minX, y: crease.minY, width: crease.width, height: crease.height, color: Palette.crease)
                    // A thin highlight along the crease's centre, as light catches the bend.
                    if crease.width > crease.height {
                        canvas.fillRect(x: crease.minX, y: crease.midY - 0.5, width: crease.width, height: 1, color: RGBAColor(hex: 0x2A3038))
                    } else {
                        canvas.fillRect(x: crease.midX - 0.5, y: crease.minY, width: 1, height: crease.height, color: RGBAColor(hex: 0x2A3038))
                    }
                }
            // A flat fold is one continuous display: nothing is drawn over the content
            // (the bezel marks where the hinge is, and the regions overlay, G, shows the line).
            case .outerCamera, .innerCamera:
                let inner = frame.inset(by: region.margins)
                let radius = min(inner.width, inner.height) / 2
                // An under-display camera not in use is covered by lit pixels, as on the device:
                // nothing is drawn, so no content the HUD placed there is hidden.
                guard region.isActive else { continue }
                canvas.fillCircle(centerX: inner.midX, centerY: inner.midY, radius: radius, color: Palette.cameraHole)
                canvas.fillCircle(
                    centerX: inner.midX - radius * 0.25, centerY: inner.midY - radius * 0.25, radius: radius * 0.2,
                    color: RGBAColor(hex: 0x1F2A3A))
            case .statusArea:
                canvas.fillRoundedRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, radius: 6, color: Palette.statusArea)
                let style = TextStyle(size: 11, bold: true, color: RGBAColor(hex: 0xD0D6DC))
                let bottom = frame.maxY - 12
                canvas.drawText("9:41", x: frame.midX, y: bottom - 30, style: style, alignment: .center)
                canvas.strokeRect(x: frame.midX - 11, y: bottom - 12, width: 20, height: 10, color: RGBAColor(hex: 0xD0D6DC), thickness: 1.5)
                canvas.fillRect(x: frame.midX - 9, y: bottom - 10, width: 12, height: 6, color: RGBAColor(hex: 0x7CD992))
            }
        }
    }

    // MARK: - Debug overlay

    private func drawRegions() {
        let regions = content.context.reservedRegions(options: .includeInactive, layoutDirectionBehavior: .fixed)
        for region in regions {
            let frame = region.frame
            let edge = region.isActive ? Palette.activeRegionEdge : Palette.inactiveRegionEdge
            if region.isActive {
                canvas.fillRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: Palette.activeRegion)
                canvas.strokeRect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height, color: edge, thickness: 1.5)
            } else {
                let corners = [(frame.minX, frame.minY), (frame.maxX, frame.minY), (frame.maxX, frame.maxY), (frame.minX, frame.maxY)]
                for index in 0..<4 {
                    let a = corners[index]
                    let b = corners[(index + 1) % 4]
                    canvas.dashedLine(fromX: a.0, y1: a.1, toX: b.0, y2: b.1, color: edge, thickness: 1.5)
                }
            }
        }
        drawRegionLabels(regions)
    }

    /// Each region's label on or beside it, over no HUD element and no other label (``RegionLabelPlacement``):
    /// the long label where it finds room, else the region's name alone, else none (the outline still shows).
    private func drawRegionLabels(_ regions: [ReservedRegion]) {
        let elements =
            (content.game as? SeatsLaidOutOnHalves)?.placementsOnHalves?.map(\.frame) ?? content.layout.placements.map(\.frame)
        var taken = elements
        for region in regions {
            let style = TextStyle(
                size: Self.regionLabel.size, bold: true, color: region.isActive ? Palette.activeRegionEdge : Palette.inactiveRegionEdge)
            let long = "\(region.id.rawValue) · \(region.kind.rawValue) · \(region.isActive ? "active" : "inactive")"
            let scene = content.context.size
            let sized = [long, region.id.rawValue].map { label in
                let measured = canvas.measureText(label, style: style)
                return (label, Size(width: measured.width, height: measured.height))
            }
            // By the region if there is room there, else the short name in the nearest free place, joined to the region.
            let spots =
                sized.lazy.compactMap { label, size in
                    RegionLabelPlacement.place(region.frame, size: size, in: scene, avoiding: taken).map { (label, size, $0, false) }
                }.first
                ?? RegionLabelPlacement.nearestFreePlace(to: region.frame, size: sized[1].1, in: scene, avoiding: taken).map {
                    (sized[1].0, sized[1].1, $0, true)
                }
            for (label, size, origin, joined) in [spots].compactMap({ $0 }) {
                let box = RegionLabelPlacement.box(origin: origin, size: size)
                taken.append(box)
                if joined {
                    let end = Point(
                        x: min(max(box.midX, region.frame.minX), region.frame.maxX), y: min(max(box.midY, region.frame.minY), region.frame.maxY))
                    // An elbow of two straight strokes: thin lines hide nothing under them.
                    canvas.line(fromX: box.midX, y1: box.midY, toX: end.x, y2: box.midY, color: style.color, thickness: 1.5)
                    canvas.line(fromX: end.x, y1: box.midY, toX: end.x, y2: end.y, color: style.color, thickness: 1.5)
                }
                canvas.fillRoundedRect(
                    x: box.minX, y: box.minY, width: box.width, height: box.height, radius: 3, color: RGBAColor(hex: 0x000000, alpha: 200))
                canvas.drawText(label, x: origin.x, y: origin.y, style: style)
            }
        }
    }
}
