import CSDL2
import DuoPlatform

extension Canvas {
    /// Draws a camera picture into a rectangle of points, each camera pixel
    /// a sharp square (no smoothing: the simulated sensor's pixels stay
    /// exact, so pixel tests read the very colours the camera delivered).
    /// The texture lives for this one call: a preview changes every frame.
    public func drawCameraFrame(_ frame: CameraFrame, x: Double, y: Double, width: Double, height: Double) {
        guard frame.width > 0, frame.height > 0, width > 0, height > 0 else { return }
        let topLeft = transform.pixel(x: x, y: y)
        let bottomRight = transform.pixel(x: x + width, y: y + height)
        var destination = SDL_FRect(
            x: Float(topLeft.x.rounded()), y: Float(topLeft.y.rounded()),
            w: Float((bottomRight.x - topLeft.x).rounded()), h: Float((bottomRight.y - topLeft.y).rounded()))
        func draw(on renderer: OpaquePointer) -> Int32 {
            guard
                let texture = SDL_CreateTexture(
                    renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                    Int32(frame.width), Int32(frame.height))
            else {
                noteFailure("making a camera picture texture")
                return 0
            }
            // Destroying a texture first runs the drawing queued with it.
            defer { SDL_DestroyTexture(texture) }
            SDL_SetTextureScaleMode(texture, SDL_ScaleModeNearest)
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
            let updated = frame.pixels.withUnsafeBytes { bytes in
                SDL_UpdateTexture(texture, nil, bytes.baseAddress, Int32(frame.width * 4))
            }
            guard updated == 0 else {
                noteFailure("filling a camera picture texture")
                return 0
            }
            return SDL_RenderCopyF(renderer, texture, nil, &destination)
        }
        // Into memory, the software renderer over it draws the picture.
        let result = memory.map { withRenderer(of: $0, blends: false, draw) } ?? draw(on: renderer)
        if result != 0 { noteFailure("drawing a camera picture") }
    }
}
