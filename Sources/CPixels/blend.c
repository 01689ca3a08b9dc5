#include "CPixels.h"

void duo_blend_rgba(uint8_t *row, size_t byte_count, uint16_t keep, const uint16_t add[4]) {
    const uint16_t a0 = add[0], a1 = add[1], a2 = add[2], a3 = add[3];
    size_t offset = 0;
    // x / 255 rounded down is (x + 1 + (x >> 8)) >> 8 for every product of two bytes.
#define DUO_BLEND_BYTE(i, a)                                                     \
    do {                                                                         \
        uint32_t product = (uint32_t)row[i] * keep;                              \
        row[i] = (uint8_t)(((product + 1 + (product >> 8)) >> 8) + (a));         \
    } while (0)
    for (; offset + 4 <= byte_count; offset += 4) {
        DUO_BLEND_BYTE(offset, a0);
        DUO_BLEND_BYTE(offset + 1, a1);
        DUO_BLEND_BYTE(offset + 2, a2);
        DUO_BLEND_BYTE(offset + 3, a3);
    }
    for (; offset < byte_count; offset++) DUO_BLEND_BYTE(offset, add[offset & 3]);
#undef DUO_BLEND_BYTE
}
