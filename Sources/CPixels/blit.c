#include "CPixels.h"
#include "clones.h"

#include <string.h>

// SDL 2.26's blits of a texture with alpha onto an RGBA32 picture (SDL_BLENDMODE_BLEND), to
// the bit, for the two source layouts the canvas's textures have (text: ARGB8888; sprites:
// RGBA32). Which arithmetic SDL runs depends on the texture's modulation: unmodulated, its
// per-pixel alpha blitter for that pair of formats (the MMX one between two RGBA32 pictures,
// which x86-64 builds run; a packed-word one from ARGB8888); modulated, its general blitter
// (SDL_Blit_Slow), which divides by 255 where the others shift by 8. Four pixels at a time in
// clang's vector types, the pixels left over one at a time through the same code.

typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));

/// x / 255 rounded down, lane by lane, for products of two bytes: `(x + 1 + (x >> 8)) >> 8`.
#define duo_div255(x) (((x) + 1 + ((x) >> 8)) >> 8)

/// `a` where `mask`'s lanes are all ones, `b` where they are zeros.
#define duo_select(mask, a, b) (((a) & (mask)) | ((b) & ~(mask)))

/// Each pixel's alpha in all four of its lanes.
#define duo_alphas(v) __builtin_shufflevector(v, v, 3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15)

/// SDL_Blit_Slow's blend, four source pixels (red, green, blue, alpha) over four destination
/// ones: each colour modulated, then premultiplied by the modulated alpha (which leaves it as
/// it is at 255), then `source + (255 - alpha) * destination / 255`; the alpha likewise. A
/// transparent source pixel leaves its destination as it is, all by the same arithmetic.
DUO_CLONED_HELPER u8x16 duo_blend_general(u8x16 source, u8x16 destination, const u16x16 *modulation) {
    const u16x16 alpha_lanes = {0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF};
    const u16x16 modulated = duo_div255(__builtin_convertvector(source, u16x16) * *modulation);
    const u16x16 alpha = duo_alphas(modulated);
    const u16x16 premultiplied = duo_select(alpha_lanes, modulated, duo_div255(modulated * alpha));
    const u16x16 under = duo_div255(__builtin_convertvector(destination, u16x16) * (255 - alpha));
    return __builtin_convertvector(premultiplied + under, u8x16);
}

/// The MMX blitter's blend between RGBA32 pictures: each colour `source * alpha >> 8` plus
/// `destination * (255 - alpha) >> 8`, the alpha `source * 255 >> 8` plus the same; a
/// transparent source pixel leaves the destination, an opaque one replaces it.
DUO_CLONED_HELPER u8x16 duo_blend_rgba_pixels(u8x16 source, u8x16 destination) {
    const u16x16 alpha_lanes = {0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF, 0, 0, 0, 0xFFFF};
    const u16x16 s = __builtin_convertvector(source, u16x16);
    const u16x16 alpha = duo_alphas(s);
    const u16x16 weight = duo_select(alpha_lanes, (u16x16){0} + 255, alpha);
    const u16x16 blended = ((s * weight) >> 8) + ((__builtin_convertvector(destination, u16x16) * (255 - alpha)) >> 8);
    const u8x16 result = __builtin_convertvector(blended, u8x16);
    const u8x16 alpha_bytes = __builtin_convertvector(alpha, u8x16);
    const u8x16 transparent = (u8x16)(alpha_bytes == 0), opaque = (u8x16)(alpha_bytes == 255);
    return duo_select(transparent, destination, duo_select(opaque, source, result));
}

/// The packed-word blitter's blend of ARGB8888 pixels over RGBA32 ones: red and blue together
/// in one word, green alone, each `d + ((s - d) * alpha >> 8)` in 32-bit unsigned arithmetic (a
/// negative difference wraps, as in SDL); alpha `alpha + (d * (255 - alpha) >> 8)`.
DUO_CLONED_HELPER u32x4 duo_blend_argb_words(u32x4 source, u32x4 destination) {
    const u32x4 alpha = source >> 24;
    u32x4 red_blue = source & 0xff00ff;
    red_blue = (red_blue >> 16) | (red_blue << 16);
    const u32x4 green = source & 0xff00;
    const u32x4 opaque = 0xff000000u | green | red_blue;
    u32x4 d_red_blue = destination & 0xff00ff;
    d_red_blue = (d_red_blue + ((red_blue - d_red_blue) * alpha >> 8)) & 0xff00ff;
    u32x4 d_green = destination & 0xff00;
    d_green = (d_green + ((green - d_green) * alpha >> 8)) & 0xff00;
    const u32x4 d_alpha = alpha + ((destination >> 24) * (alpha ^ 0xFF) >> 8);
    const u32x4 blended = d_red_blue | d_green | d_alpha << 24;
    const u32x4 transparent = (u32x4)(alpha == 0), whole = (u32x4)(alpha == 255);
    return duo_select(transparent, destination, duo_select(whole, opaque, blended));
}

/// Four pixels (16 bytes) of a source row blended over `out`.
DUO_CLONED_HELPER u8x16 duo_blit_four(u8x16 in, u8x16 under, int source_is_argb, int modulated, const u16x16 *modulation) {
    if (modulated) {
        // Read as red, green, blue, alpha whichever the layout.
        const u8x16 rgba = source_is_argb ? __builtin_shufflevector(in, in, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15) : in;
        return duo_blend_general(rgba, under, modulation);
    }
    if (source_is_argb) {
        return (u8x16)duo_blend_argb_words((u32x4)in, (u32x4)under);
    }
    return duo_blend_rgba_pixels(in, under);
}

DUO_VECTOR_CLONES
void duo_blit_blend(const uint8_t *source, size_t source_pitch, int source_is_argb, uint8_t *destination, size_t destination_pitch,
                    int32_t width, int32_t height, const uint8_t modulation[4]) {
    const int modulated = modulation[0] != 255 || modulation[1] != 255 || modulation[2] != 255 || modulation[3] != 255;
    const u16x16 modulations = {modulation[0], modulation[1], modulation[2], modulation[3], modulation[0], modulation[1],
                                modulation[2], modulation[3], modulation[0], modulation[1], modulation[2], modulation[3],
                                modulation[0], modulation[1], modulation[2], modulation[3]};
    const size_t bytes = (size_t)width * 4;
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *in = source + (size_t)y * source_pitch;
        uint8_t *out = destination + (size_t)y * destination_pitch;
        size_t offset = 0;
        for (; offset + 16 <= bytes; offset += 16) {
            u8x16 pixels, under;
            memcpy(&pixels, in + offset, 16);
            memcpy(&under, out + offset, 16);
            const u8x16 result = duo_blit_four(pixels, under, source_is_argb, modulated, &modulations);
            memcpy(out + offset, &result, 16);
        }
        if (offset < bytes) {
            // The last pixels through a block of their own (the rest of it left transparent).
            u8x16 pixels = {0}, under = {0};
            memcpy(&pixels, in + offset, bytes - offset);
            memcpy(&under, out + offset, bytes - offset);
            const u8x16 result = duo_blit_four(pixels, under, source_is_argb, modulated, &modulations);
            memcpy(out + offset, &result, bytes - offset);
        }
    }
}
