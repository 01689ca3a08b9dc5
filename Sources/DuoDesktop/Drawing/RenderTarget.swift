import CSDL2

/// A texture the canvas can draw into and later draw from: how the upright
/// panel is rendered flat first, then drawn tilted with ``Canvas/drawMesh(_:from:)``.
///
/// On a software canvas drawing in memory (``Canvas/drawsInMemory``) it is a streaming
/// texture, whose pixels the canvas reads and writes itself; else a texture SDL's renderer
/// draws into.
public final class RenderTarget {
    /// Width in pixels.
    public let pixelWidth: Int
    /// Height in pixels.
    public let pixelHeight: Int
    let texture: OpaquePointer
    /// Whether the canvas draws into its pixels itself.
    let isInMemory: Bool
    private var memory: MemorySurface?
    private var isOpen = true

    init(renderer: OpaquePointer, pixelWidth: Int, pixelHeight: Int, inMemory: Bool) throws(DesktopError) {
        let access = inMemory ? SDL_TEXTUREACCESS_STREAMING : SDL_TEXTUREACCESS_TARGET
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(access.rawValue), Int32(max(1, pixelWidth)), Int32(max(1, pixelHeight))
            )
        else {
            throw .sdl("making a render target", String(cString: SDL_GetError()))
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        // Linear filtering keeps the tilted panel smooth instead of jagged.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        self.texture = texture
        self.isInMemory = inMemory
        self.pixelWidth = max(1, pixelWidth)
        self.pixelHeight = max(1, pixelHeight)
    }

    /// Runs `body` with the target's pixels locked (nil when it is not in memory or cannot be locked).
    func withMemory<Result>(_ body: (MemorySurface) -> Result) -> Result? {
        guard isInMemory, isOpen else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return nil }
        defer { SDL_UnlockTexture(texture) }
        if memory?.pixels != pixels || memory?.pitch != Int(pitch) {
            memory?.close()
            memory = MemorySurface(pixels: pixels, pitch: Int(pitch), width: pixelWidth, height: pixelHeight)
        }
        guard let memory else { return nil }
        return body(memory)
    }

    /// Frees the texture. Call before the renderer is destroyed.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        memory?.close()
        memory = nil
        SDL_DestroyTexture(texture)
    }
}

/// A triangle mesh in canvas points with texture coordinates in 0...1:
/// what ``Canvas/drawMesh(_:from:)`` draws and what hit-testing inverts.
public struct TexturedMesh: Sendable, Equatable {
    /// One corner of a triangle.
    public struct Vertex: Sendable, Equatable {
        /// Position on the canvas, x, in points.
        public var x: Double
        /// Position on the canvas, y, in points.
        public var y: Double
        /// Texture coordinate across, 0...1.
        public var u: Double
        /// Texture coordinate down, 0...1.
        public var v: Double
        /// Brightness multiplier 0...1 (shading of a tilted panel).
        public var shade: Double

        /// A vertex from its parts.
        public init(x: Double, y: Double, u: Double, v: Double, shade: Double = 1) {
            self.x = x
            self.y = y
            self.u = u
            self.v = v
            self.shade = shade
        }
    }

    /// The corners.
    public var vertices: [Vertex]
    /// Three indices into ``vertices`` per triangle.
    public var indices: [Int32]

    /// A mesh from its vertices and triangle indices.
    public init(vertices: [Vertex], indices: [Int32]) {
        self.vertices = vertices
        self.indices = indices
    }

    /// The texture coordinate under a canvas point, or nil when no triangle covers it:
    /// the exact inverse of what the mesh draws (each triangle maps affinely).
    public func textureCoordinate(atX x: Double, y: Double) -> (u: Double, v: Double)? {
        var triangle = 0
        while triangle + 2 < indices.count {
            let a = vertices[Int(indices[triangle])]
            let b = vertices[Int(indices[triangle + 1])]
            let c = vertices[Int(indices[triangle + 2])]
            triangle += 3
            let determinant = (b.y - c.y) * (a.x - c.x) + (c.x - b.x) * (a.y - c.y)
            guard abs(determinant) > 1e-12 else { continue }
            let wa = ((b.y - c.y) * (x - c.x) + (c.x - b.x) * (y - c.y)) / determinant
            let wb = ((c.y - a.y) * (x - c.x) + (a.x - c.x) * (y - c.y)) / determinant
            let wc = 1 - wa - wb
            let epsilon = -1e-9
            if wa >= epsilon, wb >= epsilon, wc >= epsilon {
                return (wa * a.u + wb * b.u + wc * c.u, wa * a.v + wb * b.v + wc * c.v)
            }
        }
        return nil
    }
}
