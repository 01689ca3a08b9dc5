#include "CPixels.h"
#include "clones.h"

#include <string.h>

// SDL 2.26's software renderer's triangles of one colour (SDL_SW_FillTriangle), to the pixel.

/// `bytes` bytes of pixels at `out`, each byte `added + (byte * keep >> 8)`, sixteen at a time.
DUO_CLONED_HELPER void duo_blend_span(uint8_t *out, size_t bytes, const uint16_t added[4], uint16_t keep) {
    typedef uint8_t u8x16 __attribute__((vector_size(16)));
    typedef uint16_t u16x16 __attribute__((vector_size(32)));
    const u16x16 adds = {added[0], added[1], added[2], added[3], added[0], added[1], added[2], added[3],
                         added[0], added[1], added[2], added[3], added[0], added[1], added[2], added[3]};
    size_t offset = 0;
    for (; offset + 16 <= bytes; offset += 16) {
        u8x16 under;
        memcpy(&under, out + offset, 16);
        const u8x16 result = __builtin_convertvector(adds + ((__builtin_convertvector(under, u16x16) * keep) >> 8), u8x16);
        memcpy(out + offset, &result, 16);
    }
    if (offset < bytes) {
        // The last pixels through a block of their own.
        u8x16 under = {0};
        memcpy(&under, out + offset, bytes - offset);
        const u8x16 result = __builtin_convertvector(adds + ((__builtin_convertvector(under, u16x16) * keep) >> 8), u8x16);
        memcpy(out + offset, &result, bytes - offset);
    }
}

/// The cross product (b - a) x (c - a), in SDL's fixed point.
static inline int32_t duo_cross(int32_t ax, int32_t ay, int32_t bx, int32_t by, int32_t cx, int32_t cy) {
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/// Whether the edge from a to b is a top or left edge, as SDL's rule has it.
static inline int duo_top_left(int32_t ax, int32_t ay, int32_t bx, int32_t by, int clockwise) {
    return clockwise ? (ay == by && ax < bx) || by < ay : (ay == by && bx < ax) || ay < by;
}

DUO_VECTOR_CLONES
void duo_fill_triangle(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, const int32_t clip[4], const int32_t corners[6],
                       uint32_t pixel, int blends) {
    // SDL's fixed point: one bit of fraction; pixel centres at odd values.
    const int32_t x0 = corners[0] * 2, y0 = corners[1] * 2, x1 = corners[2] * 2, y1 = corners[3] * 2, x2 = corners[4] * 2,
                  y2 = corners[5] * 2;
    int32_t area = duo_cross(x0, y0, x1, y1, x2, y2);
    if (area == 0 || (blends && (pixel >> 24) == 0)) {
        return;
    }
    // The bounding box (its far edges exclusive), within the picture and the clip.
    const int32_t min_x = x0 < x1 ? (x0 < x2 ? x0 : x2) : (x1 < x2 ? x1 : x2);
    const int32_t max_x = x0 > x1 ? (x0 > x2 ? x0 : x2) : (x1 > x2 ? x1 : x2);
    const int32_t min_y = y0 < y1 ? (y0 < y2 ? y0 : y2) : (y1 < y2 ? y1 : y2);
    const int32_t max_y = y0 > y1 ? (y0 > y2 ? y0 : y2) : (y1 > y2 ? y1 : y2);
    int32_t left = min_x >> 1, top = min_y >> 1;
    int32_t right = left + ((max_x - min_x) >> 1), bottom = top + ((max_y - min_y) >> 1);
    if (right <= left || bottom <= top) {
        return;
    }
    const int32_t bounds[4] = {0, 0, width, height};
    for (int pass = 0; pass < 2; pass++) {
        const int32_t *limit = pass == 0 ? bounds : clip;
        if (!limit) {
            continue;
        }
        left = left > limit[0] ? left : limit[0];
        top = top > limit[1] ? top : limit[1];
        right = right < limit[0] + limit[2] ? right : limit[0] + limit[2];
        bottom = bottom < limit[1] + limit[3] ? bottom : limit[1] + limit[3];
        if (right <= left || bottom <= top) {
            return;
        }
    }
    const int clockwise = area > 0;
    int32_t step_x0 = (y1 - y2) * 2, step_x1 = (y2 - y0) * 2, step_x2 = (y0 - y1) * 2;
    int32_t step_y0 = (x2 - x1) * 2, step_y1 = (x0 - x2) * 2, step_y2 = (x1 - x0) * 2;
    const int32_t px = left * 2 + 1, py = top * 2 + 1;
    int32_t row0 = duo_cross(x1, y1, x2, y2, px, py), row1 = duo_cross(x2, y2, x0, y0, px, py), row2 = duo_cross(x0, y0, x1, y1, px, py);
    if (!clockwise) {
        step_x0 = -step_x0, step_x1 = -step_x1, step_x2 = -step_x2;
        step_y0 = -step_y0, step_y1 = -step_y1, step_y2 = -step_y2;
        row0 = -row0, row1 = -row1, row2 = -row2;
    }
    const int32_t bias0 = duo_top_left(x1, y1, x2, y2, clockwise) ? 0 : -1;
    const int32_t bias1 = duo_top_left(x2, y2, x0, y0, clockwise) ? 0 : -1;
    const int32_t bias2 = duo_top_left(x0, y0, x1, y1, clockwise) ? 0 : -1;
    uint8_t color[4];
    memcpy(color, &pixel, 4);
    // Blended through a picture of the triangle alone, by the MMX blitter (see blit.c): each
    // colour `colour * alpha >> 8`, the alpha `alpha * 255 >> 8`, plus `under * (255 - alpha) >> 8`.
    const uint32_t alpha = color[3];
    const uint16_t keep = (uint16_t)(255 - alpha);
    const uint16_t added[4] = {(uint16_t)((color[0] * alpha) >> 8), (uint16_t)((color[1] * alpha) >> 8), (uint16_t)((color[2] * alpha) >> 8),
                               (uint16_t)((alpha * 255) >> 8)};
    const int32_t count = right - left;
    const int64_t steps[3] = {step_x0, step_x1, step_x2};
    for (int32_t y = top; y < bottom; y++, row0 += step_y0, row1 += step_y1, row2 += step_y2) {
        // The pixels SDL's test takes (each edge's value plus its bias at least 0): each edge's
        // value is linear along the row, so they are one run, found without testing each pixel.
        const int64_t starts[3] = {(int64_t)row0 + bias0, (int64_t)row1 + bias1, (int64_t)row2 + bias2};
        int64_t from = 0, to = count;
        for (int edge = 0; edge < 3; edge++) {
            const int64_t start = starts[edge], step = steps[edge];
            if (step > 0) {
                // start + x * step >= 0 from x = ceil(-start / step) on.
                const int64_t first = start >= 0 ? 0 : (-start + step - 1) / step;
                from = first > from ? first : from;
            } else if (step < 0) {
                // ... up to x = floor(start / -step).
                const int64_t last = start < 0 ? -1 : start / -step;
                to = last + 1 < to ? last + 1 : to;
            } else if (start < 0) {
                to = 0;
            }
        }
        if (from >= to) {
            continue;
        }
        uint8_t *out = pixels + (size_t)y * pitch + (size_t)(left + from) * 4;
        if (!blends || alpha == 255) {
            duo_fill_rgba(out, pitch, (int32_t)(to - from), 1, pixel);
            continue;
        }
        duo_blend_span(out, (size_t)(to - from) * 4, added, keep);
    }
}
