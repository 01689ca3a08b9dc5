import CSDL2
import Foundation

/// Draws strings with SDL2_ttf on one renderer, keeping each rendered
/// string as a texture so a frame that redraws the same labels does no
/// glyph rasterisation at all.
///
/// Text is rasterised at its final pixel size (points x canvas scale), so
/// it stays sharp at every window size; the cache is keyed by that size.
public final class TextRenderer {
    /// A rendered string: a white texture tinted at draw time.
    struct Entry {
        let texture: OpaquePointer
        let width: Int32
        let height: Int32
        var lastUsedFrame: UInt64
    }

    struct Key: Hashable {
        let text: String
        let pixelSize: Int32
        let bold: Bool
    }

    private let renderer: OpaquePointer
    /// Whether textures are made readable (see ``ReadableTexture``): a software canvas draws them itself.
    private let makesReadableTextures: Bool
    private let faces: FontLocator.Faces
    /// An open face at one pixel size, and the frame it last drew or measured in.
    struct OpenFont {
        let font: OpaquePointer
        var lastUsedFrame: UInt64
    }

    struct FontKey: Hashable {
        let pixelSize: Int32
        let bold: Bool
    }

    private var fonts: [FontKey: OpenFont] = [:]
    private var cache: [Key: Entry] = [:]
    private var cachedBytes = 0
    private var frame: UInt64 = 0
    private var isOpen = true

    /// Serialises what SDL2_ttf does to its one FreeType library, which is
    /// shared by every renderer of the process: `TTF_Init` and `TTF_Quit`
    /// count their calls without a lock, and FreeType opens and closes faces
    /// of one library on one thread at a time. Offscreen renderers on several
    /// threads (parallel tests, a benchmark's jobs) otherwise race: one's
    /// `TTF_Quit` could free the library another is opening a font with.
    /// Drawing with a font already open needs no lock: each renderer has its own.
    private static let library = NSLock()

    /// Strings kept at most; the least recently drawn go first beyond this.
    public var cacheLimit = 600
    /// Bytes of text textures kept at most (4 a pixel); the least recently drawn go first beyond this.
    public var cacheByteLimit = 16 << 20
    /// Faces kept open at most, each at one pixel size with its glyph cache: a window resized
    /// or a fold moved through many scales would otherwise open one per size for good.
    public var fontLimit = 24

    /// A text renderer for `renderer` with the located `faces`, its textures readable when `readableTextures`.
    /// - Throws: ``DesktopError`` when SDL2_ttf cannot start or open the font.
    init(renderer: OpaquePointer, faces: FontLocator.Faces, readableTextures: Bool) throws(DesktopError) {
        guard Self.library.withLock({ TTF_Init() }) == 0 else { throw .sdl("starting SDL2_ttf", String(cString: SDL_GetError())) }
        self.renderer = renderer
        self.makesReadableTextures = readableTextures
        self.faces = faces
        // Opening one size now turns an unreadable font file into an error at start, not mid-game.
        do { _ = try font(pixelSize: 14, bold: false) } catch {
            Self.library.withLock { TTF_Quit() }
            throw error
        }
    }

    /// How many rendered strings are cached right now.
    public var cachedStringCount: Int { cache.count }
    /// The bytes of the cached strings' textures (4 a pixel).
    public var cachedStringBytes: Int { cachedBytes }
    /// How many faces are open (one per pixel size and weight drawn lately).
    public var openFontCount: Int { fonts.count }

    /// Marks the start of a frame (for least-recently-used eviction).
    func beginFrame() {
        frame &+= 1
        if cache.count > cacheLimit || cachedBytes > cacheByteLimit { evict() }
        if fonts.count > fontLimit { closeFonts() }
    }

    /// The size in pixels of `text` at `pixelSize`.
    func measure(_ text: String, pixelSize: Int32, bold: Bool) throws(DesktopError) -> (width: Int32, height: Int32) {
        if let entry = cache[Key(text: text, pixelSize: pixelSize, bold: bold)] { return (entry.width, entry.height) }
        let font = try font(pixelSize: pixelSize, bold: bold)
        var width: Int32 = 0
        var height: Int32 = 0
        if text.isEmpty {
            return (0, TTF_FontHeight(font))
        }
        guard TTF_SizeUTF8(font, text, &width, &height) == 0 else {
            throw .sdl("measuring text", String(cString: SDL_GetError()))
        }
        return (width, height)
    }

    /// The cached texture of `text`, rendering it on first use.
    func texture(_ text: String, pixelSize: Int32, bold: Bool) throws(DesktopError) -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(text: text, pixelSize: pixelSize, bold: bold)
        if var entry = cache[key] {
            entry.lastUsedFrame = frame
            cache[key] = entry
            return entry
        }
        let font = try font(pixelSize: pixelSize, bold: bold)
        guard let surface = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else {
            throw .sdl("rendering text", String(cString: SDL_GetError()))
        }
        defer { SDL_FreeSurface(surface) }
        guard let texture = ReadableTexture.make(renderer: renderer, surface: surface, readable: makesReadableTextures) else {
            throw .sdl("making a text texture", String(cString: SDL_GetError()))
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        let entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsedFrame: frame)
        cache[key] = entry
        cachedBytes += Self.bytes(entry)
        return entry
    }

    /// Frees every texture and font. Call before the renderer is destroyed.
    func close() {
        guard isOpen else { return }
        isOpen = false
        for entry in cache.values { SDL_DestroyTexture(entry.texture) }
        cache.removeAll()
        cachedBytes = 0
        Self.library.withLock {
            for open in fonts.values { TTF_CloseFont(open.font) }
            TTF_Quit()
        }
        fonts.removeAll()
    }

    private func font(pixelSize: Int32, bold: Bool) throws(DesktopError) -> OpaquePointer {
        let size = max(4, min(pixelSize, 400))
        let key = FontKey(pixelSize: size, bold: bold)
        if let open = fonts[key] {
            if open.lastUsedFrame != frame { fonts[key]?.lastUsedFrame = frame }
            return open.font
        }
        let path = bold ? faces.bold : faces.regular
        guard let font = Self.library.withLock({ TTF_OpenFont(path, size) }) else {
            throw DesktopError(
                cause: "cannot read the font file \(path) (SDL_ttf: \(String(cString: SDL_GetError())))",
                fix: "reinstall it with 'sudo apt-get install --reinstall fonts-dejavu-core', or set DUO_FONT to another TrueType file")
        }
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT)
        fonts[key] = OpenFont(font: font, lastUsedFrame: frame)
        return font
    }

    private static func bytes(_ entry: Entry) -> Int { Int(entry.width) * Int(entry.height) * 4 }

    /// Drops the half of the cache drawn longest ago (more while it is still over its bytes).
    private func evict() {
        let sorted = cache.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }
        var dropped = 0
        for (key, entry) in sorted where dropped < cache.count / 2 || cachedBytes > cacheByteLimit / 2 {
            // Never what this frame is drawing: a frame's own strings are all kept.
            guard entry.lastUsedFrame != frame else { break }
            SDL_DestroyTexture(entry.texture)
            cache[key] = nil
            cachedBytes -= Self.bytes(entry)
            dropped += 1
        }
    }

    /// Closes the faces used longest ago, down to half the limit, keeping those of the last frame
    /// (a frame never reopens its own); textures made with a closed face stay valid.
    private func closeFonts() {
        let stale = fonts.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }.prefix(fonts.count - fontLimit / 2)
        Self.library.withLock {
            for (key, open) in stale where open.lastUsedFrame &+ 1 < frame {
                TTF_CloseFont(open.font)
                fonts[key] = nil
            }
        }
    }
}
