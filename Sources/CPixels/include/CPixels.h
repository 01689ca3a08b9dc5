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

#endif
