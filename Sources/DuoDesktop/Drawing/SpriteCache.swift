import CSDL2
import DuoPlatform

/// The sprites one renderer has loaded: each image is read with `IMG_Load`
/// once and kept as textures of that renderer (a window and an offscreen
/// surface each have their own, as textures belong to one renderer).
/// An image that cannot be loaded is remembered as its error, so a broken
/// file is reported every frame without being read again.
///
/// Each image is kept at its own size and at every halving of it down to a
/// few pixels (a mipmap chain, made once at load): a sprite drawn small is
/// scaled from the nearest copy at least as large, so linear filtering never
/// shrinks by more than half (which would skip source pixels and shimmer) and
/// only enlarges past the image's own size. That scaling is done once per
/// size drawn, into a texture of exactly that size: a frame then copies
/// sprites pixel for pixel, which the software renderer does several times
/// faster than a scaled, tinted copy.
final class SpriteCache {
    /// One copy of a sprite: its pixels (kept to scale from), a texture of them, their size.
    struct Level {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let texture: OpaquePointer
        let width: Int32
        let height: Int32
    }

    /// A sprite scaled to one size in pixels.
    struct SizedKey: Hashable {
        let sprite: Sprite
        let width: Int32
        let height: Int32
    }

    /// A loaded sprite: its copies, largest (the image itself) first.
    struct Entry {
        let levels: [Level]

        /// Width of the image in pixels.
        var width: Int32 { levels[0].width }
        /// Height of the image in pixels.
        var height: Int32 { levels[0].height }

        /// The smallest copy at least `width` x `height` pixels (the image itself when none is).
        func level(forWidth width: Float, height: Float) -> Level {
            levels.last { Float($0.width) >= width && Float($0.height) >= height } ?? levels[0]
        }
    }

    private let renderer: OpaquePointer
    /// Whether textures are made readable (see ``ReadableTexture``): a software canvas draws them itself.
    private let makesReadableTextures: Bool
    private var loaded: [Sprite: Result<Entry, DesktopError>] = [:]
    private var sized: [SizedKey: OpaquePointer] = [:]
    private var sizedPixels = 0
    private var isOpen = true

    /// Scaled copies kept at most; beyond this (a window resized many times) all are dropped and remade as drawn.
    var sizedLimit = 96
    /// Bytes of scaled copies kept at most (4 a pixel); beyond this, too, all are dropped and remade as drawn.
    var sizedByteLimit = 32 << 20
    /// A size wider or taller than this many pixels is scaled at each draw rather than kept.
    static let largestSized: Int32 = 2_048

    init(renderer: OpaquePointer, readableTextures: Bool) {
        self.renderer = renderer
        self.makesReadableTextures = readableTextures
    }

    /// How many scaled copies are kept.
    var sizedCount: Int { sized.count }
    /// The bytes of the scaled copies kept (4 a pixel).
    var sizedBytes: Int { sizedPixels * 4 }

    /// How many sprites are loaded (failures not counted).
    var loadedCount: Int {
        loaded.values.reduce(0) { count, result in
            if case .success = result { return count + 1 }
            return count
        }
    }

    /// The textures of `sprite`, found through `assets` and loaded on first use.
    /// - Throws: ``DesktopError`` naming the file when it is missing or not a readable image.
    func texture(for sprite: Sprite, assets: AssetLocator) throws(DesktopError) -> Entry {
        if let known = loaded[sprite] { return try known.get() }
        let result: Result<Entry, DesktopError>
        do { result = .success(try load(sprite, assets: assets)) } catch { result = .failure(error) }
        loaded[sprite] = result
        return try result.get()
    }

    /// The texture to draw `sprite` with into `width` x `height` pixels: the image scaled to
    /// exactly that size (made on first use from the nearest copy at least as large), or,
    /// for a size too large to keep, that copy itself for the renderer to scale.
    /// - Throws: ``DesktopError`` naming the file when it is missing or not a readable image.
    func texture(for sprite: Sprite, width: Int32, height: Int32, assets: AssetLocator) throws(DesktopError) -> OpaquePointer {
        let key = SizedKey(sprite: sprite, width: width, height: height)
        if let texture = sized[key] { return texture }
        let level = try texture(for: sprite, assets: assets).level(forWidth: Float(width), height: Float(height))
        guard width != level.width || height != level.height, width <= Self.largestSized, height <= Self.largestSized,
            let scaled = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_RGBA32.rawValue)
        else { return level.texture }
        defer { SDL_FreeSurface(scaled) }
        guard SDL_SoftStretchLinear(level.surface, nil, scaled, nil) == 0,
            let texture = ReadableTexture.make(renderer: renderer, surface: scaled, readable: makesReadableTextures)
        else {
            return level.texture
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        if sized.count >= sizedLimit || sizedBytes + Int(width) * Int(height) * 4 > sizedByteLimit {
            for old in sized.values { SDL_DestroyTexture(old) }
            sized.removeAll()
            sizedPixels = 0
        }
        sized[key] = texture
        sizedPixels += Int(width) * Int(height)
        return texture
    }

    private func load(_ sprite: Sprite, assets: AssetLocator) throws(DesktopError) -> Entry {
        let path: String
        do { path = try assets.url(for: sprite.path).path } catch {
            let looked = error.relativePath == nil ? error.description : "no such file in \(error.searched.joined(separator: ", "))"
            throw DesktopError(cause: "the sprite \(sprite.path) is missing (\(looked))", fix: Self.fix)
        }
        guard let loaded = IMG_Load(path) else {
            throw DesktopError(
                cause: "the sprite \(path) cannot be read as an image (SDL_image: \(String(cString: SDL_GetError())))",
                fix: Self.fix)
        }
        defer { SDL_FreeSurface(loaded) }
        guard let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0), let pixels = surface.pointee.pixels else {
            throw .sdl("converting the sprite \(path) to RGBA", String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(surface) }
        var width = Int(surface.pointee.w)
        var height = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBytes { target in
            for row in 0..<height {
                target.baseAddress!.advanced(by: row * width * 4).copyMemory(from: pixels.advanced(by: row * pitch), byteCount: width * 4)
            }
        }
        var levels: [Level] = []
        while true {
            do { levels.append(try makeLevel(rgba, width: width, height: height)) } catch {
                Self.free(levels)
                throw .sdl("making a texture of the sprite \(path)", error.cause)
            }
            guard min(width, height) >= 8 else { break }
            (rgba, width, height) = Self.halved(rgba, width: width, height: height)
        }
        return Entry(levels: levels)
    }

    private func makeLevel(_ rgba: [UInt8], width: Int, height: Int) throws(DesktopError) -> Level {
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue),
            let pixels = surface.pointee.pixels
        else { throw DesktopError(cause: String(cString: SDL_GetError()), fix: Self.fix) }
        let pitch = Int(surface.pointee.pitch)
        rgba.withUnsafeBytes { source in
            for row in 0..<height {
                pixels.advanced(by: row * pitch).copyMemory(from: source.baseAddress!.advanced(by: row * width * 4), byteCount: width * 4)
            }
        }
        guard let texture = ReadableTexture.make(renderer: renderer, surface: surface, readable: makesReadableTextures) else {
            let message = String(cString: SDL_GetError())
            SDL_FreeSurface(surface)
            throw DesktopError(cause: message, fix: Self.fix)
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        // Linear within a level: drawn between this size and half of it, every source pixel counts.
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return Level(surface: surface, texture: texture, width: Int32(width), height: Int32(height))
    }

    /// The image at half its size (rounded up): each pixel the average of up to 2x2,
    /// colours weighted by their alpha so transparent pixels lend no colour to an edge.
    static func halved(_ rgba: [UInt8], width: Int, height: Int) -> ([UInt8], Int, Int) {
        let halfWidth = (width + 1) / 2
        let halfHeight = (height + 1) / 2
        var result = [UInt8](repeating: 0, count: halfWidth * halfHeight * 4)
        for y in 0..<halfHeight {
            for x in 0..<halfWidth {
                var red = 0
                var green = 0
                var blue = 0
                var alpha = 0
                var count = 0
                for sy in (2 * y)..<min(height, 2 * y + 2) {
                    for sx in (2 * x)..<min(width, 2 * x + 2) {
                        let index = (sy * width + sx) * 4
                        let a = Int(rgba[index + 3])
                        red += Int(rgba[index]) * a
                        green += Int(rgba[index + 1]) * a
                        blue += Int(rgba[index + 2]) * a
                        alpha += a
                        count += 1
                    }
                }
                let index = (y * halfWidth + x) * 4
                if alpha > 0 {
                    result[index] = UInt8((red + alpha / 2) / alpha)
                    result[index + 1] = UInt8((green + alpha / 2) / alpha)
                    result[index + 2] = UInt8((blue + alpha / 2) / alpha)
                }
                result[index + 3] = UInt8((alpha + count / 2) / count)
            }
        }
        return (result, halfWidth, halfHeight)
    }

    private static let fix =
        "restore the PNG in the Assets folder (scripts/make-sprites.sh remakes the engine's own), "
        + "or set DUO_ASSETS to the package's Assets folder"

    /// Frees every texture. Call before the renderer is destroyed.
    func close() {
        guard isOpen else { return }
        isOpen = false
        for texture in sized.values { SDL_DestroyTexture(texture) }
        sized.removeAll()
        sizedPixels = 0
        for case .success(let entry) in loaded.values { Self.free(entry.levels) }
        loaded.removeAll()
    }

    private static func free(_ levels: [Level]) {
        for level in levels {
            SDL_DestroyTexture(level.texture)
            SDL_FreeSurface(level.surface)
        }
    }
}
