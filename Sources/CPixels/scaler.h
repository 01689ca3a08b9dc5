#ifndef DUO_SCALER_H
#define DUO_SCALER_H

#include <stdint.h>

// SDL 2.26's linear scaler (SDL_SoftStretchLinear), reproduced to the bit: the arithmetic of
// its SSE2 loop, which is the one x86-64 runs. Positions are 16.16 fixed point; weights have
// 7 bits (0...128). A destination pixel is the source's 2x2 neighbourhood weighted first down
// (each channel `top * (128 - fy) + bottom * fy`, kept whole in 16 bits), then across (those
// two sums weighted `128 - fx` and `fx`), and the total shifted down by 14, truncating.
// Destination pixels whose centre falls before the first source pixel, or past the last but
// one, take the edge pixel itself ("padding"), with weight 0 on its missing neighbour.

/// Where one axis's destination pixels sample the source.
typedef struct {
    int32_t start;
    int32_t step;
    int32_t left_pad;
    int32_t right_pad;
} duo_scaler_axis;

/// The axis scaling `source` pixels to `destination` pixels.
static inline duo_scaler_axis duo_scaler_axis_make(int32_t source, int32_t destination) {
    duo_scaler_axis axis;
    axis.step = (int32_t)(((uint32_t)source << 16) / (uint32_t)destination);
    // The first destination pixel's centre, half a step in, rounded to 16.16 as SDL rounds it, less half a pixel.
    axis.start = (int32_t)(((int64_t)axis.step * 0x8000 + 0x8000) >> 16) - 0x8000;
    axis.left_pad = 0;
    axis.right_pad = 0;
    int32_t position = axis.start;
    for (int32_t i = 0; i < destination; i++) {
        if (position < 0) {
            axis.left_pad++;
        } else if ((position >> 16) > source - 2) {
            axis.right_pad++;
        }
        position += axis.step;
    }
    return axis;
}

/// The source pixel destination pixel `i` (of `count`) starts from, and the weight (0...127)
/// of the pixel after it. A padded pixel is the edge pixel at full weight (SDL also reads its
/// neighbour, at weight 0).
static inline void duo_scaler_sample(const duo_scaler_axis *axis, int32_t source, int32_t count, int32_t i, int32_t *index,
                                     int32_t *weight) {
    if (i < axis->left_pad) {
        *index = 0;
        *weight = 0;
    } else if (i > count - 1 - axis->right_pad) {
        *index = source - 1;
        *weight = 0;
    } else {
        const int32_t position = axis->start + i * axis->step;
        *index = position >> 16;
        *weight = (position >> 9) & 127;
    }
}

/// One channel from its 2x2 neighbourhood: `a` and `b` one above the other, `c` and `d` right of them.
static inline uint8_t duo_scaler_mix(uint32_t a, uint32_t b, uint32_t c, uint32_t d, int32_t fx, int32_t fy) {
    const uint32_t left = a * (uint32_t)(128 - fy) + b * (uint32_t)fy;
    const uint32_t right = c * (uint32_t)(128 - fy) + d * (uint32_t)fy;
    return (uint8_t)((left * (uint32_t)(128 - fx) + right * (uint32_t)fx) >> 14);
}

#endif
