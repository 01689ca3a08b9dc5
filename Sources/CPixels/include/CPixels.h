#ifndef CPIXELS_H
#define CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Blends `byte_count` bytes of RGBA pixels at `row` in place, as SDL fills a colour over them:
/// each byte becomes `byte * keep / 255 + add[i % 4]` (the division rounding down), truncated
/// to a byte. `keep` is 255 minus the colour's alpha; `add` is the colour premultiplied by its
/// alpha (red, green, blue, alpha). Plain C so that it is quick in debug builds too, where the
/// same loop in Swift's generic SIMD types is tens of times slower than in a release build.
void duo_blend_rgba(uint8_t *row, size_t byte_count, uint16_t keep, const uint16_t add[4]);

/// The same blend of the bytes at `from`, written at `to` (which may be `from`).
void duo_blend_rgba_into(const uint8_t *from, uint8_t *to, size_t byte_count, uint16_t keep, const uint16_t add[4]);

/// One rectangle of a picture copied to a rectangle of another, in whole pixels, as SDL's
/// renderer copies a texture (scaled linearly when the sizes differ).
typedef struct {
    int32_t source_x, source_y, source_width, source_height;
    int32_t x, y, width, height;
} duo_copy;

/// A translucent fill of the pixels `[x0, x1) x [y0, y1)`, as `duo_blend_rgba` blends them.
typedef struct {
    int32_t x0, y0, x1, y1;
    uint16_t keep;
    uint16_t add[4];
} duo_fill;

/// Blends `fills` in order into the 4-byte RGBA pixels at `pixels` (rows `pitch` bytes apart),
/// all of them row after row: a leaning panel's shading bands, which lie side by side across
/// a book half, in one pass down the picture instead of one per band.
void duo_blend_fills(uint8_t *pixels, size_t pitch, const duo_fill *fills, size_t count);

/// Draws `copies` of the 4-byte RGBA pixels at `source` onto those at `destination` (rows
/// `source_pitch` and `destination_pitch` bytes apart), to the very bytes SDL 2.26's software
/// renderer writes for each copy (a picture with no blending to another of the same format,
/// scaled with its linear filter), as if `fills` had first been blended into the source by
/// `duo_blend_fills`: the source pixels the copies read are shaded on the way (the source
/// itself is left as it is). The copies must lie wholly inside both pictures and must not
/// overlap on the destination (a panel's strips never do): they are drawn in one pass down
/// it. Returns 0, or -1 when memory for that pass runs out (nothing drawn).
int duo_project(const uint8_t *source, size_t source_pitch, uint8_t *destination, size_t destination_pitch, const duo_copy *copies,
                size_t copy_count, const duo_fill *fills, size_t fill_count);

/// Blends `width` x `height` pixels of a texture at `source` (RGBA32, or ARGB8888 when
/// `source_is_argb`) over the RGBA32 pixels at `destination`, to the very bytes SDL 2.26 on
/// x86-64 writes when it copies such a texture unscaled with SDL_BLENDMODE_BLEND and the
/// colour and alpha modulation `modulation` (red, green, blue, alpha).
void duo_blit_blend(const uint8_t *source, size_t source_pitch, int source_is_argb, uint8_t *destination, size_t destination_pitch,
                    int32_t width, int32_t height, const uint8_t modulation[4]);

/// Sets `width` x `height` pixels of 4 bytes at `pixels` (rows `pitch` bytes apart) to `pixel`
/// (its bytes in memory order): SDL's fill of an opaque colour, or its clear.
void duo_fill_rgba(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, uint32_t pixel);

/// Sets every pixel of the `width` x `height` picture at `pixels` to `pixel`, except those
/// `copies` draw onto (their destination rectangles): a clear of what the copies will not
/// cover anyway. Returns 0, or -1 when memory for the pass runs out (nothing set).
int duo_fill_outside(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, uint32_t pixel, const duo_copy *copies, size_t count);

/// Fills a triangle of the `width` x `height` RGBA32 picture at `pixels`, within `clip` (x, y,
/// width, height; NULL for none), to the very pixels SDL 2.26's software renderer fills for a
/// triangle of one colour with corners `corners` (x, y, three times: whole pixels, as SDL
/// truncates them, within 4096 of 0, where SDL's 32-bit arithmetic cannot overflow): its fixed
/// point, bounding box and top-left rule. `pixel` is the colour (its bytes in memory order);
/// blended when `blends`, as SDL blends it through a picture of the triangle alone (the MMX
/// blitter's arithmetic), else written.
void duo_fill_triangle(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, const int32_t clip[4], const int32_t corners[6],
                       uint32_t pixel, int blends);

#endif
