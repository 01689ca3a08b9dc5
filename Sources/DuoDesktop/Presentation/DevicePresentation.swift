import DuoPlatform

/// Where the simulated device appears in the window and how each panel is
/// drawn: the scene scaled to fit (keeping its aspect), split at the fold,
/// the upright panel tilted in perspective by the hinge angle, the whole
/// device optionally turned a quarter at a time. A pure value: it maps
/// scene points to window pixels and, for mouse clicks, back again through
/// every one of those transformations.
///
/// The tilt is device chrome, an effect of the true hinge angle: it never
/// changes the scene or its layout, only how the scene's picture is drawn.
public struct DevicePresentation: Sendable, Equatable {
    /// One panel of the display as drawn.
    public struct Panel: Sendable, Equatable {
        /// Which part of the device a panel is.
        public enum Role: String, Sendable, Equatable {
            /// Above a horizontal fold: stands upright when folded.
            case upright
            /// Below a horizontal fold: lies flat.
            case flat
            /// Left of a vertical fold.
            case left
            /// Right of a vertical fold.
            case right
            /// The whole display (no fold).
            case whole
        }

        /// Which part it is.
        public var role: Role
        /// The part of the scene it shows, in scene points.
        public var sceneRect: Rect
        /// Its triangles in window pixels, texture coordinates over the whole scene picture
        /// (for drawing it turned; unturned panels are drawn exactly from ``homography``).
        public var mesh: TexturedMesh
        /// The exact projective map from the panel's unit square to its unturned pixel
        /// quadrilateral (relative to the screen's corner).
        public var homography: Homography
        /// Its outline including the bezel, in window pixels (a convex quadrilateral).
        public var bezel: [(x: Double, y: Double)]
        /// Its own outline, in window pixels, corners in the same order as ``bezel``.
        public var outline: [(x: Double, y: Double)]
        /// 0 (flat on) ... 1 (fully tilted).
        public var tilt: Double

        /// Equal when every part is (tuples of corners compared one by one).
        public static func == (lhs: Panel, rhs: Panel) -> Bool {
            lhs.role == rhs.role && lhs.sceneRect == rhs.sceneRect && lhs.mesh == rhs.mesh && lhs.tilt == rhs.tilt
                && lhs.homography == rhs.homography
                && lhs.bezel.count == rhs.bezel.count && zip(lhs.bezel, rhs.bezel).allSatisfy { $0 == $1 }
                && zip(lhs.outline, rhs.outline).allSatisfy { $0 == $1 }
        }
    }

    /// The scene's size in points.
    public let sceneSize: Size
    /// The fold, if the scene has one.
    public let fold: FoldGeometry?
    /// How far the upright panel(s) lean, 0...1.
    public let tilt: Double
    /// How the device is turned in the window.
    public let rotation: QuarterTurns
    /// Window pixels per scene point.
    public let scale: Double
    /// The display's untilted area in window pixels (after rotation).
    public let screenFrame: Rect
    /// The panels, drawn in this order.
    public let panels: [Panel]

    /// Subdivisions of a tilted panel's mesh per side: enough that the
    /// piecewise-affine texture mapping looks like true perspective.
    static let meshSubdivisions = 8

    /// Lays the device out in a window area.
    /// - Parameters:
    ///   - sceneSize: the scene in points.
    ///   - fold: the scene's fold, if any.
    ///   - tilt: 0...1, from ``tiltAmount(hinge:)``.
    ///   - viewport: the window area for the device, in pixels.
    ///   - bezel: the device border around the display, in points.
    ///   - rotation: quarter turns of the whole device in the window.
    ///   - fixedScale: pixels per point; nil to fit the viewport (keeping the aspect ratio).
    public init(
        sceneSize: Size, fold: FoldGeometry?, tilt: Double, viewport: Rect, bezel: Double = 16,
        rotation: QuarterTurns = .none, fixedScale: Double? = nil
    ) {
        self.sceneSize = sceneSize
        self.fold = fold
        self.tilt = min(max(tilt, 0), 1)
        self.rotation = rotation
        let outer = Size(width: sceneSize.width + 2 * bezel, height: sceneSize.height + 2 * bezel)
        let turned = rotation.swapsAxes ? outer.transposed : outer
        let fitted = min(viewport.width / max(1, turned.width), viewport.height / max(1, turned.height))
        let scale = max(0.01, fixedScale ?? fitted)
        self.scale = scale
        let screen =
            rotation.swapsAxes
            ? Size(width: sceneSize.height * scale, height: sceneSize.width * scale)
            : Size(width: sceneSize.width * scale, height: sceneSize.height * scale)
        let origin = Point(x: (viewport.midX - screen.width / 2).rounded(), y: (viewport.midY - screen.height / 2).rounded())
        self.screenFrame = Rect(origin: origin, size: screen)
        self.panels = Self.makePanels(
            sceneSize: sceneSize, fold: fold, tilt: self.tilt, scale: scale,
            bezel: bezel, rotation: rotation, origin: origin)
    }

    /// How far the upright panel leans for a hinge: 0 unless partially open;
    /// 1 at 90 degrees or less, falling to 0 at 180.
    public static func tiltAmount(hinge: Hinge?) -> Double {
        guard let hinge, hinge.status == .partiallyOpen else { return 0 }
        return min(max((180 - hinge.angle.degrees) / 90, 0), 1)
    }

    /// The scene point under a window pixel, or nil outside every panel: the
    /// exact inverse of the drawing (rotation undone, then the panel's projective map).
    public func scenePoint(atPixelX x: Double, y: Double) -> Point? {
        let local = rotation.invert(
            x: x - screenFrame.minX, y: y - screenFrame.minY,
            width: sceneSize.width * scale, height: sceneSize.height * scale)
        for panel in panels {
            guard let inverse = panel.homography.inverse else { continue }
            let (u, v) = inverse.apply(u: local.x, v: local.y)
            let epsilon = 1e-9
            guard u >= -epsilon, u <= 1 + epsilon, v >= -epsilon, v <= 1 + epsilon else { continue }
            let rect = panel.sceneRect
            return Point(x: rect.minX + min(max(u, 0), 1) * rect.width, y: rect.minY + min(max(v, 0), 1) * rect.height)
        }
        return nil
    }

    /// The window pixel where a scene point is drawn (through tilt and rotation).
    public func pixelPoint(forScene point: Point) -> (x: Double, y: Double)? {
        guard
            let panel = panels.first(where: { $0.sceneRect.contains(point) })
                ?? panels.last(where: {
                    point.x >= $0.sceneRect.minX && point.x <= $0.sceneRect.maxX && point.y >= $0.sceneRect.minY && point.y <= $0.sceneRect.maxY
                })
        else { return nil }
        let homography = panel.homography
        let u = panel.sceneRect.width > 0 ? (point.x - panel.sceneRect.minX) / panel.sceneRect.width : 0
        let v = panel.sceneRect.height > 0 ? (point.y - panel.sceneRect.minY) / panel.sceneRect.height : 0
        let local = homography.apply(u: u, v: v)
        return place(local)
    }

    private func place(_ local: (x: Double, y: Double)) -> (x: Double, y: Double) {
        let turned = rotation.apply(x: local.x, y: local.y, width: sceneSize.width * scale, height: sceneSize.height * scale)
        return (turned.x + screenFrame.minX, turned.y + screenFrame.minY)
    }

    // MARK: - Building the panels

    private static func makePanels(
        sceneSize: Size, fold: FoldGeometry?, tilt: Double, scale: Double,
        bezel: Double, rotation: QuarterTurns, origin: Point
    ) -> [Panel] {
        let (w, h) = (sceneSize.width, sceneSize.height)
        var parts: [(Panel.Role, Rect, Double)] = []
        if let fold {
            switch fold.axis {
            case .horizontal:
                parts = [
                    (.upright, Rect(x: 0, y: 0, width: w, height: fold.line), tilt),
                    (.flat, Rect(x: 0, y: fold.line, width: w, height: h - fold.line), 0),
                ]
            case .vertical:
                // A book lies open: both halves lean back a little, half as much as an upright panel.
                parts = [
                    (.left, Rect(x: 0, y: 0, width: fold.line, height: h), tilt / 2),
                    (.right, Rect(x: fold.line, y: 0, width: w - fold.line, height: h), tilt / 2),
                ]
            }
        } else {
            parts = [(.whole, Rect(x: 0, y: 0, width: w, height: h), 0)]
        }
        return parts.compactMap { role, rect, panelTilt in
            guard rect.width > 0, rect.height > 0 else { return nil }
            let homography = homography(for: role, rect: rect, tilt: panelTilt, scale: scale)
            func place(_ local: (x: Double, y: Double)) -> (x: Double, y: Double) {
                let turned = rotation.apply(x: local.x, y: local.y, width: w * scale, height: h * scale)
                return (turned.x + origin.x, turned.y + origin.y)
            }
            let n = panelTilt > 0 ? meshSubdivisions : 1
            var vertices: [TexturedMesh.Vertex] = []
            for row in 0...n {
                for column in 0...n {
                    let u = Double(column) / Double(n)
                    let v = Double(row) / Double(n)
                    let position = place(homography.apply(u: u, v: v))
                    vertices.append(
                        TexturedMesh.Vertex(
                            x: position.x, y: position.y,
                            u: (rect.minX + u * rect.width) / w, v: (rect.minY + v * rect.height) / h))
                }
            }
            var indices: [Int32] = []
            for row in 0..<n {
                for column in 0..<n {
                    let a = Int32(row * (n + 1) + column)
                    let b = a + 1
                    let c = a + Int32(n + 1)
                    let d = c + 1
                    indices += [a, b, d, a, d, c]
                }
            }
            // The bezel: the same projective map, extended past the panel's edges (but not across the fold).
            let bu = bezel / rect.width
            let bv = bezel / rect.height
            let (u0, u1, v0, v1): (Double, Double, Double, Double)
            switch role {
            case .upright: (u0, u1, v0, v1) = (-bu, 1 + bu, -bv, 1)
            case .flat: (u0, u1, v0, v1) = (-bu, 1 + bu, 0, 1 + bv)
            case .left: (u0, u1, v0, v1) = (-bu, 1, -bv, 1 + bv)
            case .right: (u0, u1, v0, v1) = (0, 1 + bu, -bv, 1 + bv)
            case .whole: (u0, u1, v0, v1) = (-bu, 1 + bu, -bv, 1 + bv)
            }
            let bezelOutline = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)].map { place(homography.apply(u: $0.0, v: $0.1)) }
            let outline = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { place(homography.apply(u: $0.0, v: $0.1)) }
            return Panel(
                role: role, sceneRect: rect, mesh: TexturedMesh(vertices: vertices, indices: indices),
                homography: homography, bezel: bezelOutline, outline: outline, tilt: panelTilt)
        }
    }

    /// The projective map from a panel's unit square to its (unturned) pixel quadrilateral.
    static func homography(for role: Panel.Role, rect: Rect, tilt: Double, scale: Double) -> Homography {
        let x0 = rect.minX * scale
        let x1 = rect.maxX * scale
        let y0 = rect.minY * scale
        let y1 = rect.maxY * scale
        let width = x1 - x0
        let height = y1 - y0
        // The far edge shrinks and comes closer: what a panel leaning away looks like.
        let shrink = 0.10 * tilt
        let approach = 0.08 * tilt
        let corners: [(x: Double, y: Double)]
        switch role {
        case .upright:
            corners = [(x0 + width * shrink, y0 + height * approach), (x1 - width * shrink, y0 + height * approach), (x1, y1), (x0, y1)]
        case .left:
            corners = [(x0 + width * approach, y0 + height * shrink), (x1, y0), (x1, y1), (x0 + width * approach, y1 - height * shrink)]
        case .right:
            corners = [(x0, y0), (x1 - width * approach, y0 + height * shrink), (x1 - width * approach, y1 - height * shrink), (x0, y1)]
        case .flat, .whole:
            corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        }
        return Homography(unitSquareTo: corners)
    }

    /// How much darker a fully leaning panel's far edge is (0...1); the frame
    /// renderer paints this shading into the scene picture.
    public static let shadeDepth = 0.28
}
