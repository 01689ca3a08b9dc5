import CSDL2
import DuoPlatform

extension Canvas {
    /// Draws `sprite` scaled into a rectangle given in points, its colours
    /// multiplied by `tint` (white: as drawn; a colour: white parts of the
    /// image become that colour; the tint's alpha fades the whole sprite).
    /// The image is loaded from ``assets`` the first time this canvas draws it.
    /// A missing or unreadable image draws nothing and is kept in ``lastError``
    /// naming the file, so the frame's caller reports it.
    public func drawSprite(
        _ sprite: Sprite, x: Double, y: Double, width: Double, height: Double,
        tint: RGBAColor = RGBAColor(hex: 0xFFFFFF)
    ) {
        guard width > 0, height > 0, tint.alpha > 0 else { return }
        // Whole-pixel corners, as rectangles have: a sprite's edge is never a half-covered column.
        var destination = pixelRect(x: x, y: y, width: width, height: height)
        guard destination.w >= 1, destination.h >= 1 else { return }
        let texture: OpaquePointer
        do { texture = try sprites.texture(for: sprite, width: Int32(destination.w), height: Int32(destination.h), assets: assets) } catch {
            noteError(error)
            return
        }
        SDL_SetTextureColorMod(texture, tint.red, tint.green, tint.blue)
        SDL_SetTextureAlphaMod(texture, tint.alpha)
        let result =
            memory.map { copy(texture, source: nil, to: Self.rendererRect(destination), into: $0) }
            ?? SDL_RenderCopyF(renderer, texture, nil, &destination)
        if result != 0 { noteFailure("drawing the sprite \(sprite.path)") }
    }

    /// The size in pixels of `sprite`'s image, loading it if this canvas has not yet.
    /// - Throws: ``DesktopError`` naming the file when it is missing or not a readable image.
    public func spriteSize(_ sprite: Sprite) throws(DesktopError) -> (width: Int, height: Int) {
        let entry = try sprites.texture(for: sprite, assets: assets)
        return (Int(entry.width), Int(entry.height))
    }

    /// How many sprites this canvas has loaded as textures.
    public var loadedSpriteCount: Int { sprites.loadedCount }
}
