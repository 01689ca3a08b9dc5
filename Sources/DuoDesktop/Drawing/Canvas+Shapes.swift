import CSDL2
import DuoPlatform
import Foundation

extension Canvas {
    /// Fills a rectangle with rounded corners of `radius` points.
    public func fillRoundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double, color: RGBAColor) {
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0.5 else {
            fillRect(x: x, y: y, width: width, height: height, color: color)
            return
        }
        // Corner arcs, a few segments each: the outline of a convex polygon.
        let steps = 5
        var points: [(x: Double, y: Double)] = []
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (x + width - r, y + r, -Double.pi / 2), (x + width - r, y + height - r, 0),
            (x + r, y + height - r, Double.pi / 2), (x + r, y + r, Double.pi),
        ]
        for corner in corners {
            for step in 0...steps {
                let angle = corner.start + Double(step) / Double(steps) * Double.pi / 2
                points.append((corner.cx + cos(angle) * r, corner.cy + sin(angle) * r))
            }
        }
        fillPolygon(points, color: color)
    }

    /// Fills a rectangle with a vertical gradient from `top` to `bottom`.
    public func fillGradientRect(x: Double, y: Double, width: Double, height: Double, top: RGBAColor, bottom: RGBAColor) {
        guard width > 0, height > 0 else { return }
        let alpha = min(top.alpha, bottom.alpha)
        let corners = [
            transform.pixel(x: x, y: y), transform.pixel(x: x + width, y: y),
            transform.pixel(x: x + width, y: y + height), transform.pixel(x: x, y: y + height),
        ]
        let colors = [top, top, bottom, bottom].map { SDL_Color(r: $0.red, g: $0.green, b: $0.blue, a: $0.alpha) }
        var vertices = zip(corners, colors).map { corner, color in
            SDL_Vertex(position: SDL_FPoint(x: Float(corner.x), y: Float(corner.y)), color: color, tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        let indices: [Int32] = [0, 1, 2, 0, 2, 3]
        func draw(on renderer: OpaquePointer) -> Int32 {
            vertices.withUnsafeMutableBufferPointer { vertexBuffer in
                indices.withUnsafeBufferPointer { indexBuffer in
                    SDL_RenderGeometry(renderer, nil, vertexBuffer.baseAddress, 4, indexBuffer.baseAddress, 6)
                }
            }
        }
        let result: Int32
        if let memory {
            result = withRenderer(of: memory, blends: alpha < 255, draw)
        } else {
            useBlending(forAlpha: alpha)
            result = draw(on: renderer)
        }
        if result != 0 { noteFailure("drawing a gradient") }
    }

    /// A dashed line (for inactive regions in the debug overlay).
    public func dashedLine(
        fromX x1: Double, y1: Double, toX x2: Double, y2: Double, color: RGBAColor,
        thickness: Double = 1, dash: Double = 6, gap: Double = 4
    ) {
        let dx = x2 - x1
        let dy = y2 - y1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        var start = 0.0
        while start < length {
            let end = min(length, start + dash)
            line(
                fromX: x1 + dx * start / length, y1: y1 + dy * start / length,
                toX: x1 + dx * end / length, y2: y1 + dy * end / length, color: color, thickness: thickness)
            start = end + gap
        }
    }

    /// `string` cut with an ellipsis so that it fits `maxWidth` points at `style`
    /// (text is never shrunk: sizes stay constant, words give way).
    public func fittedText(_ string: String, maxWidth: Double, style: TextStyle) -> String {
        guard maxWidth > 0 else { return "" }
        if measureText(string, style: style).width <= maxWidth { return string }
        let characters = Array(string)
        var low = 0
        var high = characters.count
        // The longest prefix that fits with the ellipsis.
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[0..<middle]).trimmingCharacters(in: .whitespaces) + "…"
            if measureText(candidate, style: style).width <= maxWidth { low = middle } else { high = middle - 1 }
        }
        let cut = low == 0 ? "" : String(characters[0..<low]).trimmingCharacters(in: .whitespaces) + "…"
        if tracesFrame { traceCut(cut, from: string) }
        return cut
    }
}

extension Canvas {
    /// `string` broken into at most `maxLines` lines of at most `maxWidth`
    /// points at `style`, at spaces; the last line ends with an ellipsis when text is left over.
    public func wrappedLines(_ string: String, maxWidth: Double, style: TextStyle, maxLines: Int) -> [String] {
        guard maxLines > 0 else { return [] }
        var lines: [String] = []
        var words = string.split(separator: " ").map(String.init)
        while !words.isEmpty {
            if lines.count == maxLines - 1 {
                lines.append(fittedText(words.joined(separator: " "), maxWidth: maxWidth, style: style))
                return lines
            }
            var line = words.removeFirst()
            while let next = words.first, measureText(line + " " + next, style: style).width <= maxWidth {
                line += " " + next
                words.removeFirst()
            }
            lines.append(fittedText(line, maxWidth: maxWidth, style: style))
        }
        return lines
    }
}
