import CSDL2

/// Textures whose pixels a software canvas can read, to draw them into a picture in memory
/// itself (see ``MemorySurface``): rendered text and sprites.
enum ReadableTexture {
    /// A texture of `surface`'s pixels, as `SDL_CreateTextureFromSurface` makes it (the same
    /// format, pixels, colour and alpha modulation and blend mode), but, when `readable` and the
    /// renderer takes the surface's format as it is, a streaming one: the software renderer
    /// hands out a streaming texture's memory when it is locked, a static one's never.
    static func make(renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>, readable: Bool) -> OpaquePointer? {
        let format = surface.pointee.format.pointee.format
        guard readable, surface.pointee.format.pointee.palette == nil, SDL_HasColorKey(surface) == SDL_FALSE,
            takes(format, renderer: renderer),
            let texture = SDL_CreateTexture(
                renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), surface.pointee.w, surface.pointee.h)
        else { return SDL_CreateTextureFromSurface(renderer, surface) }
        var red: UInt8 = 0
        var green: UInt8 = 0
        var blue: UInt8 = 0
        var alpha: UInt8 = 0
        var blendMode = SDL_BLENDMODE_NONE
        SDL_GetSurfaceColorMod(surface, &red, &green, &blue)
        SDL_GetSurfaceAlphaMod(surface, &alpha)
        SDL_GetSurfaceBlendMode(surface, &blendMode)
        guard SDL_UpdateTexture(texture, nil, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            SDL_DestroyTexture(texture)
            return nil
        }
        SDL_SetTextureColorMod(texture, red, green, blue)
        SDL_SetTextureAlphaMod(texture, alpha)
        SDL_SetTextureBlendMode(texture, blendMode)
        return texture
    }

    /// Whether `renderer` makes textures of `format` (then `SDL_CreateTextureFromSurface` keeps a surface's format).
    private static func takes(_ format: UInt32, renderer: OpaquePointer) -> Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0 else { return false }
        return withUnsafeBytes(of: info.texture_formats) { formats in
            formats.bindMemory(to: UInt32.self).prefix(Int(info.num_texture_formats)).contains(format)
        }
    }

    /// What a copy from a texture needs to know of it: its pixels, format, size and modes.
    struct Pixels {
        let pixels: UnsafeMutableRawPointer
        let pitch: Int
        let format: UInt32
        let width: Int
        let height: Int
        let color: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
        let blendMode: SDL_BlendMode
        let scaleMode: SDL_ScaleMode
    }

    /// Runs `body` with `texture`'s pixels locked; nil when it is not a streaming texture.
    static func withPixels<Result>(of texture: OpaquePointer, _ body: (Pixels) -> Result) -> Result? {
        var format: UInt32 = 0
        var access: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_QueryTexture(texture, &format, &access, &width, &height) == 0,
            access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue)
        else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return nil }
        defer { SDL_UnlockTexture(texture) }
        var red: UInt8 = 0
        var green: UInt8 = 0
        var blue: UInt8 = 0
        var alpha: UInt8 = 0
        var blendMode = SDL_BLENDMODE_NONE
        var scaleMode = SDL_ScaleModeNearest
        SDL_GetTextureColorMod(texture, &red, &green, &blue)
        SDL_GetTextureAlphaMod(texture, &alpha)
        SDL_GetTextureBlendMode(texture, &blendMode)
        SDL_GetTextureScaleMode(texture, &scaleMode)
        return body(
            Pixels(
                pixels: pixels, pitch: Int(pitch), format: format, width: Int(width), height: Int(height),
                color: (red, green, blue, alpha), blendMode: blendMode, scaleMode: scaleMode))
    }
}
