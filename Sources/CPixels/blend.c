#include "CPixels.h"
#include "clones.h"

#include <string.h>

// Sixteen bytes (four pixels) at a time in clang's vector types, as SDL's integer blend: the
// same lanes in a debug build (no specialisation needed) and in a release build.
typedef uint8_t duo_u8x16 __attribute__((vector_size(16)));
typedef uint16_t duo_u16x16 __attribute__((vector_size(32)));

DUO_VECTOR_CLONES
void duo_blend_rgba_into(const uint8_t *from, uint8_t *to, size_t byte_count, uint16_t keep, const uint16_t add[4]) {
    const duo_u16x16 adds = {add[0], add[1], add[2], add[3], add[0], add[1], add[2], add[3],
                             add[0], add[1], add[2], add[3], add[0], add[1], add[2], add[3]};
    const duo_u16x16 keeps = (duo_u16x16){0} + keep;
    // x / 255 rounded down (SDL computes it as (x + 1 + (x >> 8)) >> 8, the same for every
    // product of two bytes): the compiler divides lanes of 16 bits by a constant with one high
    // multiply and a shift.
#define duo_blend16(under) \
    ({                                                                                    \
        const duo_u16x16 product = __builtin_convertvector(under, duo_u16x16) * keeps;    \
        __builtin_convertvector(product / 255 + adds, duo_u8x16);                         \
    })
    size_t offset = 0;
    for (; offset + 16 <= byte_count; offset += 16) {
        duo_u8x16 under;
        memcpy(&under, from + offset, sizeof under);
        const duo_u8x16 out = duo_blend16(under);
        memcpy(to + offset, &out, sizeof out);
    }
    if (offset == byte_count) {
        return;
    }
    if (from != to && byte_count >= 16) {
        // The last sixteen bytes again, from the source: bytes done twice come out the same.
        duo_u8x16 under;
        memcpy(&under, from + byte_count - 16, sizeof under);
        const duo_u8x16 out = duo_blend16(under);
        memcpy(to + byte_count - 16, &out, sizeof out);
        return;
    }
    // The last bytes through a block of their own (in place, none may be blended twice).
    duo_u8x16 under = {0};
    memcpy(&under, from + offset, byte_count - offset);
    const duo_u8x16 out = duo_blend16(under);
    memcpy(to + offset, &out, byte_count - offset);
#undef duo_blend16
}

void duo_blend_rgba(uint8_t *row, size_t byte_count, uint16_t keep, const uint16_t add[4]) {
    duo_blend_rgba_into(row, row, byte_count, keep, add);
}

DUO_VECTOR_CLONES
void duo_blend_fills(uint8_t *pixels, size_t pitch, const duo_fill *fills, size_t count) {
    if (count == 0) {
        return;
    }
    int32_t top = fills[0].y0, bottom = fills[0].y1;
    for (size_t i = 0; i < count; i++) {
        top = fills[i].y0 < top ? fills[i].y0 : top;
        bottom = fills[i].y1 > bottom ? fills[i].y1 : bottom;
    }
    for (int32_t y = top; y < bottom; y++) {
        uint8_t *row = pixels + (size_t)y * pitch;
        for (size_t i = 0; i < count; i++) {
            const duo_fill *fill = &fills[i];
            if (y >= fill->y0 && y < fill->y1 && fill->x1 > fill->x0) {
                duo_blend_rgba(row + (size_t)fill->x0 * 4, (size_t)(fill->x1 - fill->x0) * 4, fill->keep, fill->add);
            }
        }
    }
}
