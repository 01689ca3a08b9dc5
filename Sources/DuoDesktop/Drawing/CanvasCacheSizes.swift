/// What a canvas keeps between frames, each part bounded by its limit: the F3
/// readout shows it, and the memory soak (``MemorySoak``) checks it stays bounded.
public struct CanvasCacheSizes: Sendable, Equatable {
    /// Rendered strings kept as textures (one per string, pixel size and weight).
    public var texts: Int
    /// Their textures' bytes (4 a pixel).
    public var textBytes: Int
    /// Faces open, one per pixel size and weight drawn lately.
    public var fonts: Int
    /// Sprite images loaded (with their halvings).
    public var sprites: Int
    /// Sprites scaled to a size drawn, kept as textures.
    public var sizedSprites: Int
    /// Their textures' bytes (4 a pixel).
    public var sizedSpriteBytes: Int
    /// Fitted paragraphs remembered (words broken into lines at a size).
    public var paragraphs: Int

    /// A sizes record (all zero by default).
    public init(
        texts: Int = 0, textBytes: Int = 0, fonts: Int = 0, sprites: Int = 0, sizedSprites: Int = 0, sizedSpriteBytes: Int = 0,
        paragraphs: Int = 0
    ) {
        self.texts = texts
        self.textBytes = textBytes
        self.fonts = fonts
        self.sprites = sprites
        self.sizedSprites = sizedSprites
        self.sizedSpriteBytes = sizedSpriteBytes
        self.paragraphs = paragraphs
    }

    /// The bytes of every texture kept (text and scaled sprites; not the loaded images).
    public var textureBytes: Int { textBytes + sizedSpriteBytes }

    /// One status line part: "cache 212 texts 3.1 MB, 9 fonts, 14 sprites 1.2 MB, 80 paragraphs".
    public var readout: String {
        "cache \(texts) texts \(Self.megabytes(textBytes)), \(fonts) fonts, \(sizedSprites) sprites \(Self.megabytes(sizedSpriteBytes)), "
            + "\(paragraphs) paragraphs"
    }

    /// Bytes as megabytes with one decimal ("3.1 MB").
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }
}

extension Canvas {
    /// What this canvas keeps between frames now.
    public var cacheSizes: CanvasCacheSizes {
        CanvasCacheSizes(
            texts: text.cachedStringCount, textBytes: text.cachedStringBytes, fonts: text.openFontCount,
            sprites: sprites.loadedCount, sizedSprites: sprites.sizedCount, sizedSpriteBytes: sprites.sizedBytes,
            paragraphs: fittedParagraphs.count)
    }

    /// The most each cache keeps: counts and bytes past which it lets go of what was drawn longest ago.
    public var cacheLimits: CanvasCacheSizes {
        CanvasCacheSizes(
            texts: text.cacheLimit, textBytes: text.cacheByteLimit, fonts: text.fontLimit, sprites: 0,
            sizedSprites: sprites.sizedLimit, sizedSpriteBytes: sprites.sizedByteLimit, paragraphs: FittedParagraphKey.cacheLimit)
    }
}
