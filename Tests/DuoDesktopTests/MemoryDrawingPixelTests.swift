import DuoPlatform
import Foundation
import MiniGolfDesktop
import Testing

@testable import DuoDesktop

/// A software canvas drawing into memory itself (``Canvas/drawsInMemory``) gives the very pixels
/// of SDL's software renderer: whole frames and each kind of drawing, both ways, byte for byte.
/// In the one serialized SDL suite (see `OffscreenRenderingTests`).
extension OffscreenRenderingTests {
    /// The bytes of every frame `frames` draws, on a canvas of `size` drawing in memory or through SDL.
    static func pictures(
        size: (width: Int, height: Int), inMemory: Bool, frames: Int = 1, _ draw: (Canvas, FrameRenderer, Int) throws -> Void
    ) throws -> [[UInt8]] {
        let offscreen = try OffscreenRenderer(width: size.width, height: size.height)
        defer { offscreen.close() }
        offscreen.canvas.drawsInMemory = inMemory
        let renderer = FrameRenderer(canvas: offscreen.canvas)
        defer { renderer.close() }
        var pictures: [[UInt8]] = []
        for frame in 0..<frames {
            try draw(offscreen.canvas, renderer, frame)
            if let error = offscreen.canvas.takeError() { throw error }
            pictures.append(try offscreen.readPixels().rgba)
        }
        return pictures
    }

    /// How many pixels differ between two pictures of the same size.
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) / 4 }
        // Whole pictures compared at once first (quick even in a debug build), pixel by pixel only when they differ.
        let same = a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        return same ? 0 : stride(from: 0, to: a.count, by: 4).filter { a[$0..<$0 + 4] != b[$0..<$0 + 4] }.count
    }

    /// `frames` frames of `session` (1/60 s apart) at `size`, each drawn in memory and through SDL:
    /// the pixels that differ, frame by frame.
    static func frameDifferences(of session: DesktopSession, size: (width: Int, height: Int), frames: Int) throws -> [Int] {
        let canvases = try [true, false].map { inMemory in
            let offscreen = try OffscreenRenderer(width: size.width, height: size.height)
            offscreen.canvas.drawsInMemory = inMemory
            return (offscreen, FrameRenderer(canvas: offscreen.canvas))
        }
        defer {
            for (offscreen, renderer) in canvases {
                renderer.close()
                offscreen.close()
            }
        }
        // The one draws in memory (its own surface and its render targets), the other through SDL only.
        #expect(canvases[0].0.canvas.memory != nil && canvases[1].0.canvas.memory == nil)
        var differences: [Int] = []
        for _ in 0..<frames {
            let viewport = session.deviceViewport(windowWidth: Double(size.width), windowHeight: Double(size.height))
            let pictures = try canvases.map { offscreen, renderer in
                try renderer.render(
                    session.content, presentation: session.presentation(in: viewport), statusLine: session.statusLine(frameMilliseconds: 1),
                    showsHelp: session.showsHelp,
                    accessory: session.accessoryInset(windowWidth: Double(size.width), windowHeight: Double(size.height)))
                if let error = offscreen.canvas.takeError() { throw error }
                return try offscreen.readPixels().rgba
            }
            differences.append(differing(pictures[0], pictures[1]))
            session.advance(by: 1.0 / 60)
        }
        return differences
    }

    /// A mid-game Broadside session (the bot's and the person's shots, news, a banner) in `posture`.
    static func midGame(_ posture: Posture, profile: String = "duo", configure: (inout DeviceState) -> Void = { _ in }) -> DesktopSession {
        let session = DesktopFixtures.session(posture, profile: profile, configure: configure)
        session.playDemoTurns(30)
        return session
    }

    @Test("Whole frames drawn in memory are SDL's pixels: every posture, frame after frame, at scales 1, 1.37 and 2")
    func framesInMemoryAreSDLs() throws {
        for posture in [Posture.closed, .flat, .book, .tent, .tabletop] {
            let session = Self.midGame(posture)
            for scale in [1.0, 1.37, 2.0] {
                let differences = try Self.frameDifferences(of: session, size: Screenshot.windowSize(for: session, scale: scale), frames: 4)
                #expect(differences == [0, 0, 0, 0], "\(posture) at scale \(scale)")
            }
        }
    }

    @Test("Frames in memory are SDL's pixels at odd window sizes, turned, on the classic profile, with overlays and in mini golf")
    func oddFramesInMemoryAreSDLs() throws {
        let cases: [(String, () -> DesktopSession, (width: Int, height: Int))] = [
            ("book 333x517", { Self.midGame(.book) }, (333, 517)),
            ("tent 701x459", { Self.midGame(.tent) }, (701, 459)),
            ("tabletop 1201x777", { Self.midGame(.tabletop) }, (1201, 777)),
            ("closed 97x1001", { Self.midGame(.closed) }, (97, 1001)),
            (
                "book, regions, help",
                {
                    let session = Self.midGame(.book)
                    session.showsRegions = true
                    session.showsHelp = true
                    return session
                }, (980, 742)
            ),
            (
                "tabletop turned",
                {
                    let session = Self.midGame(.tabletop)
                    session.showsDeviceFrame = true
                    return session
                }, (1100, 900)
            ),
            ("classic landscape", { Self.midGame(.flat, profile: "classic") { $0.orientation = .landscapeLeft } }, (1300, 800)),
            (
                "mini golf book",
                {
                    let table = try? DesktopGameRegistration.miniGolf.makeTable("meadow", "aim", 4)
                    let session = DesktopSession(
                        state: DeviceState(profile: DesktopFixtures.profile("duo"), posture: .book),
                        profiles: [DesktopFixtures.profile("duo")], game: table ?? DesktopFixtures.local())
                    session.playDemoTurns(2)
                    return session
                }, (1500, 1100)
            ),
        ]
        for (name, session, size) in cases {
            let differences = try Self.frameDifferences(of: session(), size: size, frames: 3)
            #expect(differences == [0, 0, 0], "\(name)")
        }
    }
}

extension OffscreenRenderingTests {
    /// A little seeded generator for the drawings below (the same every run).
    struct Dice {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func number(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() % 1_000_001) / 1_000_000 * (range.upperBound - range.lowerBound)
        }
        mutating func byte() -> UInt8 { UInt8(next() % 256) }
        mutating func alpha() -> UInt8 { [255, 255, 254, 200, 128, 127, 60, 1][Int(next() % 8)] }
        mutating func color() -> RGBAColor { RGBAColor(red: byte(), green: byte(), blue: byte(), alpha: alpha()) }
    }

    /// Every kind of drawing a canvas does, many times over with seeded shapes, sizes, colours
    /// and clips, some reaching out of the picture: into the canvas and into a render target drawn
    /// from after (scaled, through a mesh).
    static func drawEverything(on canvas: Canvas, seed: UInt64) throws {
        var dice = Dice(state: seed)
        let ships = (2...5).flatMap { length in ["across", "down"].map { Sprite("sprites/broadside/ship-\(length)-\($0).png") } }
        var camera = CameraFrame(width: 7, height: 5, color: RGBAColor(hex: 0x204060))
        for y in 0..<5 {
            for x in 0..<7 where (x + y) % 2 == 0 { camera.set(x: x, y: y, to: RGBAColor(red: UInt8(x * 30), green: UInt8(y * 50), blue: 200)) }
        }
        func scribble(_ count: Int, width: Double, height: Double) {
            for index in 0..<count {
                let x = dice.number(-20...(width + 10))
                let y = dice.number(-20...(height + 10))
                let w = dice.number(0.3...(width / 2))
                let h = dice.number(0.3...(height / 2))
                if index % 7 == 3 {
                    canvas.clip(x: dice.number(0...(width / 2)), y: dice.number(0...(height / 2)), width: w * 2, height: h * 2)
                }
                switch dice.next() % 12 {
                case 0: canvas.fillRect(x: x, y: y, width: w, height: h, color: dice.color())
                case 1:
                    canvas.fillRects(
                        (0..<4).map { _ in
                            FilledRect(Rect(x: x + dice.number(-9...9), y: y + dice.number(-9...9), width: w, height: h / 3), color: dice.color())
                        })
                case 2: canvas.fillRoundedRect(x: x, y: y, width: w, height: h, radius: dice.number(0...12), color: dice.color())
                case 3: canvas.fillCircle(centerX: x, centerY: y, radius: dice.number(0.5...40), color: dice.color())
                case 4:
                    canvas.line(
                        fromX: x, y1: y, toX: x + w * (dice.next() % 2 == 0 ? 1 : -1), y2: y + h, color: dice.color(),
                        thickness: dice.number(0.5...6))
                case 5:
                    canvas.fillPolygon(
                        (0..<Int(3 + dice.next() % 6)).map { _ in (x + dice.number(-30...30), y + dice.number(-30...30)) }, color: dice.color())
                case 6: canvas.fillGradientRect(x: x, y: y, width: w, height: h, top: dice.color(), bottom: dice.color())
                case 7, 8:
                    let style = TextStyle(
                        size: dice.number(5...30), bold: dice.next() % 2 == 0,
                        color: dice.next() % 3 == 0 ? RGBAColor(hex: 0xFFFFFF) : dice.color())
                    canvas.drawText("Broadside · B7 ✓", x: x, y: y, style: style)
                case 9, 10:
                    let tint = dice.next() % 3 == 0 ? RGBAColor(hex: 0xFFFFFF) : dice.color()
                    canvas.drawSprite(ships[Int(dice.next() % UInt64(ships.count))], x: x, y: y, width: w * 2, height: h, tint: tint)
                default: canvas.drawCameraFrame(camera, x: x, y: y, width: w, height: h)
                }
                if index % 7 == 6 { canvas.unclip() }
            }
            canvas.unclip()
        }
        canvas.clear(dice.color())
        canvas.transform = CanvasTransform(scale: 1.37, offsetX: 0.4, offsetY: -0.3)
        scribble(160, width: 200, height: 150)
        let target = try canvas.makeRenderTarget(pixelWidth: 150, pixelHeight: 110, isOpaque: dice.next() % 2 == 0)
        defer { canvas.release(target) }
        #expect(target.isInMemory == canvas.drawsInMemory)
        canvas.drawing(into: target, transform: CanvasTransform(scale: 0.9)) {
            canvas.clear(dice.color())
            scribble(120, width: 160, height: 120)
        }
        canvas.transform = .identity
        for _ in 0..<12 {
            canvas.drawTexture(
                target,
                sourcePixels: Rect(x: dice.number(-10...100), y: dice.number(-10...80), width: dice.number(1...90), height: dice.number(1...70)),
                x: dice.number(-40...250), y: dice.number(-40...180), width: dice.number(1...160), height: dice.number(1...120))
        }
        canvas.drawMesh(
            TexturedMesh(
                vertices: [
                    .init(x: 20, y: 30, u: 0, v: 0), .init(x: 190, y: 10, u: 1, v: 0), .init(x: 230, y: 170, u: 1, v: 1),
                    .init(x: 5, y: 150, u: 0, v: 1, shade: 0.5),
                ],
                indices: [0, 1, 2, 0, 2, 3]), from: target)
    }

    @Test("Every kind of drawing in memory gives SDL's pixels: fills, polygons, gradients, text, sprites, camera pictures, clips, copies")
    func drawingInMemoryIsSDLs() throws {
        let size = (width: 277, height: 213)
        for seed in 1...12 as ClosedRange<UInt64> {
            let memory = try Self.pictures(size: size, inMemory: true) { canvas, _, _ in
                canvas.assets = DesktopFixtures.assets
                try Self.drawEverything(on: canvas, seed: seed)
            }
            let sdl = try Self.pictures(size: size, inMemory: false) { canvas, _, _ in
                canvas.assets = DesktopFixtures.assets
                try Self.drawEverything(on: canvas, seed: seed)
            }
            #expect(Self.differing(memory[0], sdl[0]) == 0, "seed \(seed)")
        }
    }
}
