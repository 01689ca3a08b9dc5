import CPixels
import CSDL2
import DuoPlatform
import Foundation
import TabletopEngine

/// Draws whole frames on a canvas (a window's or an offscreen one): the
/// scene rendered flat into a texture at the window's scale, then each
/// panel drawn from it through its mesh (tilted, turned), the bezel around,
/// the status line below and the help on top.
public final class FrameRenderer {
    /// The canvas frames are drawn on.
    public let canvas: Canvas
    private var sceneTarget: RenderTarget?
    /// The status line last fitted, for its width: the same line is fitted frame after frame.
    private var fittedStatusLine: (text: String, width: Double, lines: [String], size: Double)?

    /// Whether a leaning panel's neighbouring one-pixel strips are merged into fewer copies
    /// (the same pixels, several times faster on the software renderer). False draws every
    /// strip alone, for comparing the two.
    public var mergesStrips = true

    /// Whether a leaning panel darkens towards its far edge. False leaves the shading out (it draws
    /// no text, and is the dearest part of a frame in a debug build): the drawn-text lint's frames.
    public var shadesLeaningPanels = true

    /// Height of the status line under the device, in pixels.
    public static let statusLineHeight = 38.0

    /// The status line's size, in points, and the smallest it shrinks to (`FittedParagraph.minimumSize`).
    static let statusLineSizes = (largest: 12.5, smallest: FittedParagraph.minimumSize)

    /// The status line in at most two lines, broken between its ` · ` parts.
    static func statusLines(_ text: String, maxWidth: Double, width: (String) -> Double) -> [String] {
        guard width(text) > maxWidth else { return [text] }
        let parts = text.components(separatedBy: " · ")
        var first = parts[0]
        var index = 1
        while index < parts.count, width(first + " · " + parts[index]) <= maxWidth {
            first += " · " + parts[index]
            index += 1
        }
        return [first, parts[index...].joined(separator: " · ")]
    }

    /// The status line in at most two lines at the largest size, down to the smallest, at which
    /// both lines fit `maxWidth` (a narrow window: a closed device, a long replay note); at the
    /// smallest size, what still does not fit is left to be cut.
    /// - Parameter width: how wide a string is at a size, in points.
    static func fittedStatusLines(_ text: String, maxWidth: Double, width: (String, Double) -> Double) -> (lines: [String], size: Double) {
        var size = statusLineSizes.largest
        while true {
            let lines = statusLines(text, maxWidth: maxWidth) { width($0, size) }
            if size <= statusLineSizes.smallest || lines.allSatisfy({ width($0, size) <= maxWidth }) { return (lines, size) }
            size = max(statusLineSizes.smallest, size - 0.5)
        }
    }

    /// A renderer drawing on `canvas`.
    public init(canvas: Canvas) {
        self.canvas = canvas
    }

    /// The window area the device may use: all of it but the status line.
    public static func viewport(windowWidth: Double, windowHeight: Double) -> Rect {
        Rect(x: 8, y: 8, width: max(1, windowWidth - 16), height: max(1, windowHeight - statusLineHeight - 12))
    }

    /// Draws one frame.
    /// - Parameters:
    ///   - content: the scene.
    ///   - presentation: where and how the device appears (from the same window size).
    ///   - statusLine: the text under the device, nil for none.
    ///   - showsHelp: whether the help overlay is drawn.
    ///   - accessory: the capture accessory's inset of the outer display, while it shows.
    /// - Throws: ``DesktopError`` when the scene texture cannot be made.
    public func render(
        _ content: SceneContent, presentation: DevicePresentation, statusLine: String?, showsHelp: Bool,
        accessory: AccessoryInset? = nil
    ) throws(DesktopError) {
        canvas.beginFrame()
        let pixelWidth = Int((content.context.size.width * presentation.scale).rounded(.up))
        let pixelHeight = Int((content.context.size.height * presentation.scale).rounded(.up))
        let target = try sceneTexture(width: pixelWidth, height: pixelHeight)
        let sceneTransform = CanvasTransform(scale: presentation.scale)
        canvas.transform = .identity
        let panelCopies = presentation.rotation == .none ? presentation.panels.map { copies(of: $0, from: target, presentation: presentation) } : []
        let projects = presentation.rotation == .none && panelCopies.allSatisfy { canvas.canProject($0, from: target) }
        let fills = shadesLeaningPanels ? presentation.panels.flatMap(shadeFills) : []
        func paintScene() {
            let painter = ScenePainter(canvas: canvas, content: content)
            if !painter.coversItsPicture(pixelWidth: target.pixelWidth, pixelHeight: target.pixelHeight) { canvas.clear(Palette.flatSea) }
            painter.draw()
        }
        // A device drawn flat (every panel its part of the picture unscaled, together the whole
        // picture, all moved alike) is painted straight where its copies would put it: no copy.
        let place = projects && fills.isEmpty ? Self.place(of: panelCopies.joined(), picture: (target.pixelWidth, target.pixelHeight)) : nil
        // Drawn in one pass with the panels' copies, the shading is laid over the pixels they read.
        var shading: [duo_fill] = []
        if place == nil {
            canvas.drawing(into: target, transform: sceneTransform) {
                paintScene()
                if projects { shading = canvas.memoryFills(fills) } else { canvas.fillRects(fills) }
            }
        }
        // What the panels' copies draw over needs no clearing first.
        if projects { canvas.clear(Palette.windowBackground, sparing: Array(panelCopies.joined())) } else { canvas.clear(Palette.windowBackground) }
        for panel in presentation.panels {
            drawBezel(panel)
        }
        if let place, canvas.drawing(inMemory: place, transform: sceneTransform, paintScene) {
            // Painted in place.
        } else if presentation.rotation == .none {
            if place != nil { canvas.drawing(into: target, transform: sceneTransform, paintScene) }
            drawPanels(panelCopies, from: target, blending: shading)
        } else {
            for panel in presentation.panels { canvas.drawMesh(panel.mesh, from: target) }
        }
        drawHinge(presentation)
        if let accessory { AccessoryInsetPainter(canvas: canvas).draw(accessory) }
        let size = canvas.pixelSize
        if let statusLine {
            let room = Double(size.width) - 24
            let fitted: (lines: [String], size: Double)
            if let known = fittedStatusLine, known.text == statusLine, known.width == room {
                fitted = (known.lines, known.size)
            } else {
                fitted = Self.fittedStatusLines(statusLine, maxWidth: room) { text, points in
                    canvas.measureText(text, style: TextStyle(size: points, color: Palette.statusLine)).width
                }
                fittedStatusLine = (statusLine, room, fitted.lines, fitted.size)
            }
            let style = TextStyle(size: fitted.size, color: Palette.statusLine)
            let lines = fitted.lines
            let top = Double(size.height) - Self.statusLineHeight - 2
            canvas.tracing(.window) {
                for (index, line) in lines.prefix(2).enumerated() {
                    canvas.drawText(
                        canvas.fittedText(line, maxWidth: Double(size.width) - 24, style: style),
                        x: 12, y: top + 2 + Double(index) * 17, style: style)
                }
            }
        }
        if showsHelp {
            // Above the status line and off the fold: the help never hides the line it sits over or crosses the crease.
            let room = HotkeyHelpLayout.room(
                width: Double(size.width), bottom: Double(size.height) - (statusLine == nil ? 0 : Self.statusLineHeight + 4),
                folds: presentation.windowBoxes(ofActiveDivisionsIn: content.context))
            canvas.tracing(.overlay) { drawHelp(Hotkeys.lines(for: content.game), in: room) }
        }
    }

    /// Frees the scene texture (call before the canvas closes, or let the canvas free it).
    public func close() {
        if let sceneTarget { canvas.release(sceneTarget) }
        sceneTarget = nil
    }

    private func sceneTexture(width: Int, height: Int) throws(DesktopError) -> RenderTarget {
        let width = max(1, min(width, 8_192))
        let height = max(1, min(height, 8_192))
        // A canvas told to draw in memory, or not, since the texture was made makes it anew of the other kind.
        if let sceneTarget, sceneTarget.pixelWidth == width, sceneTarget.pixelHeight == height,
            sceneTarget.isInMemory == (canvas.isSoftware && canvas.drawsInMemory)
        {
            return sceneTarget
        }
        if let sceneTarget { canvas.release(sceneTarget) }
        let target = try canvas.makeRenderTarget(pixelWidth: width, pixelHeight: height, isOpaque: true)
        sceneTarget = target
        return target
    }

    /// Where `copies` put the whole `picture` unscaled, each part moved alike, when they do: then
    /// the picture can be painted there directly.
    static func place(of copies: some Collection<PixelCopy>, picture: (width: Int, height: Int)) -> SDL_Rect? {
        guard let first = copies.first else { return nil }
        let (dx, dy) = (first.x - first.sourceX, first.y - first.sourceY)
        let moveAlike = copies.allSatisfy {
            $0.width == $0.sourceWidth && $0.height == $0.sourceHeight && $0.x - $0.sourceX == dx && $0.y - $0.sourceY == dy
                && $0.isInside(source: picture, destination: (Int.max, Int.max))
        }
        // Inside the picture, not overlapping, as large as it together: all of it.
        let pairs = copies.enumerated().flatMap { i, a in copies.dropFirst(i + 1).map { (a, $0) } }
        let overlap = pairs.contains { a, b in
            a.sourceX < b.sourceX + b.sourceWidth && b.sourceX < a.sourceX + a.sourceWidth && a.sourceY < b.sourceY + b.sourceHeight
                && b.sourceY < a.sourceY + a.sourceHeight
        }
        let area = copies.reduce(0) { $0 + $1.sourceWidth * $1.sourceHeight }
        guard moveAlike, !overlap, area == picture.width * picture.height else { return nil }
        return SDL_Rect(x: Int32(dx), y: Int32(dy), w: Int32(picture.width), h: Int32(picture.height))
    }

    /// Draws the unturned panels' copies (each panel's own) from the scene picture with
    /// `shading` laid over it: each panel in one pass where the canvas can, the shading
    /// blended into the pixels as they are read (see ``Canvas/project(_:from:blending:)``),
    /// else the shading blended into the picture and the copies drawn one by one.
    private func drawPanels(_ panels: [[PixelCopy]], from target: RenderTarget, blending shading: [duo_fill]) {
        var isShaded = shading.isEmpty
        for copies in panels where !canvas.project(copies, from: target, blending: shading) {
            if !isShaded { target.withMemory { $0.blend(shading) } }
            isShaded = true
            for copy in copies { canvas.copy(from: target, copy) }
        }
    }

    /// The copies an unturned panel is drawn with, exactly: a leaning panel's projective map
    /// sends each row (upright panel) or column (book halves) of the picture to one row or
    /// column of the window, scaled, so the panel is a stack of scaled one-pixel copies: true
    /// perspective, and far cheaper for the software renderer than textured triangles. A flat
    /// panel is a single copy. Neighbouring strips merge into one copy where that gives the
    /// same pixels (see ``PixelCopy``).
    private func copies(of panel: DevicePresentation.Panel, from target: RenderTarget, presentation: DevicePresentation) -> [PixelCopy] {
        let scale = presentation.scale
        let origin = presentation.screenFrame.origin
        let rect = panel.sceneRect
        let source = Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
        let outline = panel.outline
        let whole = canvas.pixelCopy(sourcePixels: source, x: outline[0].x, y: outline[0].y, width: source.width, height: source.height)
        guard panel.tilt > 0, let inverse = panel.homography.inverse else { return [whole] }
        let map = panel.homography
        var strips = StripBatch(
            target: target, canvasSize: canvas.pixelSize, stacking: panel.role == .upright ? .rows : .columns, merges: mergesStrips)
        switch panel.role {
        case .upright:
            let top = outline[0].y.rounded(.down)
            let bottom = outline[3].y.rounded(.up)
            var y = top
            while y < bottom {
                // The picture row under this window row, and where the row's ends are.
                let v = min(max(inverse.apply(u: 0.5, v: y + 0.5 - origin.y).y, 0), 1)
                let left = map.apply(u: 0, v: v)
                let right = map.apply(u: 1, v: v)
                strips.add(
                    canvas.pixelCopy(
                        sourcePixels: Rect(x: source.minX, y: source.minY + (v * source.height).rounded(.down), width: source.width, height: 1),
                        x: left.x + origin.x, y: y, width: right.x - left.x, height: 1))
                y += 1
            }
        case .left, .right:
            let xs = outline.map(\.x)
            let leftmost = (xs.min() ?? 0).rounded(.down)
            let rightmost = (xs.max() ?? 0).rounded(.up)
            var x = leftmost
            while x < rightmost {
                let u = inverse.apply(u: x + 0.5 - origin.x, v: 0.5).x
                if u >= 0 && u <= 1 {
                    let upper = map.apply(u: u, v: 0)
                    let lower = map.apply(u: u, v: 1)
                    strips.add(
                        canvas.pixelCopy(
                            sourcePixels: Rect(x: source.minX + (u * source.width).rounded(.down), y: source.minY, width: 1, height: source.height),
                            x: x, y: upper.y + origin.y, width: 1, height: lower.y - upper.y))
                }
                x += 1
            }
        case .flat, .whole:
            return [whole]
        }
        return strips.copies
    }

    /// A leaning panel darkens towards its far edge: translucent bands over the scene picture
    /// (the software renderer blends solid bands far faster than it shades textured
    /// triangles), drawn with every leaning panel's at once by ``Canvas/fillRects(_:)``, or laid
    /// over the pixels the panels' copies read (``Canvas/project(_:from:blending:)``).
    private func shadeFills(of panel: DevicePresentation.Panel) -> [FilledRect] {
        guard panel.tilt > 0 else { return [] }
        let rect = panel.sceneRect
        let bands = 16
        var fills: [FilledRect] = []
        for band in 0..<bands {
            let farness = 1 - (Double(band) + 0.5) / Double(bands)
            let alpha = UInt8((255 * DevicePresentation.shadeDepth * panel.tilt * farness).rounded())
            guard alpha > 0 else { continue }
            let color = RGBAColor(hex: 0x000000, alpha: alpha)
            switch panel.role {
            case .upright:
                let height = rect.height / Double(bands)
                fills.append(FilledRect(Rect(x: rect.minX, y: rect.minY + Double(band) * height, width: rect.width, height: height), color: color))
            case .left:
                let width = rect.width / Double(bands)
                fills.append(FilledRect(Rect(x: rect.minX + Double(band) * width, y: rect.minY, width: width, height: rect.height), color: color))
            case .right:
                let width = rect.width / Double(bands)
                fills.append(FilledRect(Rect(x: rect.maxX - Double(band + 1) * width, y: rect.minY, width: width, height: rect.height), color: color))
            case .flat, .whole:
                return []
            }
        }
        return fills
    }

    /// The device's body around a panel: a frame between the bezel outline and
    /// the panel's own outline (not a filled shape under it: nothing is drawn twice).
    private func drawBezel(_ panel: DevicePresentation.Panel) {
        let outer = panel.bezel
        let inner = panel.outline
        for index in 0..<4 {
            let next = (index + 1) % 4
            canvas.fillPolygon([outer[index], outer[next], inner[next], inner[index]], color: Palette.bezel)
        }
    }

    /// The hinge's knuckles at both ends of the fold line, outside the display.
    private func drawHinge(_ presentation: DevicePresentation) {
        guard let fold = presentation.fold else { return }
        let size = presentation.sceneSize
        let ends: [Point] =
            fold.axis == .horizontal
            ? [Point(x: 0, y: fold.line), Point(x: size.width, y: fold.line)]
            : [Point(x: fold.line, y: 0), Point(x: fold.line, y: size.height)]
        for end in ends {
            guard let pixel = presentation.pixelPoint(forScene: end) else { continue }
            let radius = max(3, 7 * presentation.scale)
            canvas.fillCircle(centerX: pixel.x, centerY: pixel.y, radius: radius, color: Palette.bezelEdge)
            canvas.fillCircle(centerX: pixel.x, centerY: pixel.y, radius: radius * 0.5, color: Palette.bezel)
        }
    }

    private func drawHelp(_ table: [Hotkey], in room: Rect) {
        let help = HotkeyHelpLayout.make(table, in: room) { text, points, bold in
            canvas.measureText(text, style: TextStyle(size: points, bold: bold, color: Palette.statusText)).width
        }
        let size = help.size
        let title = TextStyle(size: size * 18 / 13, bold: true, color: Palette.statusText)
        let group = TextStyle(size: size, bold: true, color: Palette.aim)
        let keys = TextStyle(size: size, bold: true, color: Palette.statusText)
        let action = TextStyle(size: size, color: Palette.statusLine)
        let lineHeight = HotkeyHelpLayout.lineHeight(size)
        let box = help.box
        let pad = HotkeyHelpLayout.pad(size)
        canvas.fillRoundedRect(x: box.minX, y: box.minY, width: box.width, height: box.height, radius: 12, color: Palette.helpBackground)
        canvas.drawText("Hotkeys", x: box.minX + pad, y: box.minY + (size * 14 / 13).rounded(), style: title)
        canvas.drawText("Esc or H closes", x: box.maxX - pad, y: box.minY + (size * 24 / 13).rounded(), style: action, alignment: .trailing)
        let columnWidth = (box.width - pad) / Double(max(1, help.columns.count))
        for (number, column) in help.columns.enumerated() {
            let left = box.minX + Double(number) * columnWidth
            var lineY = box.minY + HotkeyHelpLayout.header(size)
            var currentGroup = ""
            for index in column {
                let hotkey = table[index]
                guard lineY + lineHeight <= box.maxY else { break }
                if hotkey.group != currentGroup {
                    currentGroup = hotkey.group
                    canvas.drawText(currentGroup, x: left + pad, y: lineY, style: group)
                    lineY += lineHeight
                    guard lineY + lineHeight <= box.maxY else { break }
                }
                canvas.drawText(hotkey.keys, x: left + pad + size * 10 / 13, y: lineY, style: keys)
                canvas.drawText(
                    canvas.fittedText(hotkey.action, maxWidth: columnWidth - help.keyWidth - 2 * pad, style: action),
                    x: left + 2 * pad + help.keyWidth, y: lineY, style: action)
                lineY += lineHeight
            }
        }
    }
}
