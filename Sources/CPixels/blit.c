#include "CPixels.h"

#include <string.h>

// SDL 2.26's blits of a texture with alpha onto an RGBA32 picture (SDL_BLENDMODE_BLEND), to
// the bit, for the two source layouts the canvas's textures have (text: ARGB8888; sprites:
// RGBA32). Which arithmetic SDL runs depends on the texture's modulation: unmodulated, its
// per-pixel alpha blitter for that pair of formats (the MMX one between two RGBA32 pictures,
// which x86-64 builds run; a packed-word one from ARGB8888); modulated, its general blitter
// (SDL_Blit_Slow), which divides by 255 where the others shift by 8.

/// x / 255 rounded down, for x a product of two bytes (x < 65536).
static inline uint32_t duo_div255(uint32_t x) { return (x + 1 + (x >> 8)) >> 8; }

/// SDL_Blit_Slow's blend of one source pixel (red, green, blue, alpha) over `out` (RGBA32).
static inline void duo_blend_general(uint32_t red, uint32_t green, uint32_t blue, uint32_t alpha, const uint8_t modulation[4],
                                     uint8_t *out) {
    red = duo_div255(red * modulation[0]);
    green = duo_div255(green * modulation[1]);
    blue = duo_div255(blue * modulation[2]);
    alpha = duo_div255(alpha * modulation[3]);
    if (alpha < 255) {
        red = duo_div255(red * alpha);
        green = duo_div255(green * alpha);
        blue = duo_div255(blue * alpha);
    }
    const uint32_t keep = 255 - alpha;
    out[0] = (uint8_t)(red + duo_div255(keep * out[0]));
    out[1] = (uint8_t)(green + duo_div255(keep * out[1]));
    out[2] = (uint8_t)(blue + duo_div255(keep * out[2]));
    out[3] = (uint8_t)(alpha + duo_div255(keep * out[3]));
}

/// The MMX blitter's blend between two RGBA32 pictures: each colour `source * alpha >> 8`
/// plus `destination * (255 - alpha) >> 8`; the alpha `source * 255 >> 8` plus the same.
static inline void duo_blend_rgba_pixel(const uint8_t *in, uint8_t *out) {
    const uint32_t alpha = in[3];
    if (alpha == 0) {
        return;
    }
    if (alpha == 255) {
        memcpy(out, in, 4);
        return;
    }
    const uint32_t keep = 255 - alpha;
    for (int channel = 0; channel < 3; channel++) {
        out[channel] = (uint8_t)(((in[channel] * alpha) >> 8) + ((out[channel] * keep) >> 8));
    }
    out[3] = (uint8_t)(((alpha * 255) >> 8) + ((out[3] * keep) >> 8));
}

/// The packed-word blitter's blend of an ARGB8888 pixel over an RGBA32 one: red and blue
/// together in one word, green alone, each `d + ((s - d) * alpha >> 8)` in 32-bit unsigned
/// arithmetic (a negative difference wraps, as in SDL); alpha `alpha + (d * (255 - alpha) >> 8)`.
static inline uint32_t duo_blend_argb_word(uint32_t source, uint32_t destination) {
    const uint32_t alpha = source >> 24;
    if (alpha == 0) {
        return destination;
    }
    uint32_t red_blue = source & 0xff00ff;
    red_blue = (red_blue >> 16) | (red_blue << 16);
    const uint32_t green = source & 0xff00;
    if (alpha == 255) {
        return 0xff000000u | green | red_blue;
    }
    uint32_t d_red_blue = destination & 0xff00ff;
    d_red_blue = (d_red_blue + ((red_blue - d_red_blue) * alpha >> 8)) & 0xff00ff;
    uint32_t d_green = destination & 0xff00;
    d_green = (d_green + ((green - d_green) * alpha >> 8)) & 0xff00;
    const uint32_t d_alpha = alpha + ((destination >> 24) * (alpha ^ 0xFF) >> 8);
    return d_red_blue | d_green | d_alpha << 24;
}

void duo_blit_blend(const uint8_t *source, size_t source_pitch, int source_is_argb, uint8_t *destination, size_t destination_pitch,
                    int32_t width, int32_t height, const uint8_t modulation[4]) {
    const int modulated = modulation[0] != 255 || modulation[1] != 255 || modulation[2] != 255 || modulation[3] != 255;
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *in = source + (size_t)y * source_pitch;
        uint8_t *out = destination + (size_t)y * destination_pitch;
        for (int32_t x = 0; x < width; x++, in += 4, out += 4) {
            // A transparent source pixel leaves the destination as it is, whichever the arithmetic.
            if (in[3] == 0) {
                continue;
            }
            if (modulated) {
                if (source_is_argb) {
                    duo_blend_general(in[2], in[1], in[0], in[3], modulation, out);
                } else {
                    duo_blend_general(in[0], in[1], in[2], in[3], modulation, out);
                }
            } else if (source_is_argb) {
                uint32_t word, under;
                memcpy(&word, in, 4);
                memcpy(&under, out, 4);
                const uint32_t blended = duo_blend_argb_word(word, under);
                memcpy(out, &blended, 4);
            } else {
                duo_blend_rgba_pixel(in, out);
            }
        }
    }
}
