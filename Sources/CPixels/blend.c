#include "CPixels.h"

#include <string.h>

// Sixteen bytes (four pixels) at a time in clang's vector types, as SDL's integer blend: the
// same lanes in a debug build (no specialisation needed) and in a release build.
typedef uint8_t duo_u8x16 __attribute__((vector_size(16)));
typedef uint16_t duo_u16x16 __attribute__((vector_size(32)));

void duo_blend_rgba(uint8_t *row, size_t byte_count, uint16_t keep, const uint16_t add[4]) {
    const duo_u16x16 adds = {add[0], add[1], add[2], add[3], add[0], add[1], add[2], add[3],
                             add[0], add[1], add[2], add[3], add[0], add[1], add[2], add[3]};
    const duo_u16x16 keeps = (duo_u16x16){0} + keep;
    size_t offset = 0;
    // x / 255 rounded down is (x + 1 + (x >> 8)) >> 8 for every product of two bytes.
    for (; offset + 16 <= byte_count; offset += 16) {
        duo_u8x16 under;
        memcpy(&under, row + offset, sizeof under);
        const duo_u16x16 product = __builtin_convertvector(under, duo_u16x16) * keeps;
        const duo_u16x16 blended = ((product + 1 + (product >> 8)) >> 8) + adds;
        const duo_u8x16 out = __builtin_convertvector(blended, duo_u8x16);
        memcpy(row + offset, &out, sizeof out);
    }
    for (; offset < byte_count; offset++) {
        const uint32_t product = (uint32_t)row[offset] * keep;
        row[offset] = (uint8_t)(((product + 1 + (product >> 8)) >> 8) + add[offset & 3]);
    }
}
