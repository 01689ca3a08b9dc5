#include "CPixels.h"

#include <stdlib.h>
#include <string.h>

#include "clones.h"
#include "scaler.h"

// Copies of one picture onto another in one pass down the destination, row after row across
// every copy on it: each destination pixel the one SDL's linear scaler gives for the copy
// that covers it (see scaler.h). When fills are to be laid over the source first, the source
// rows the copies read are shaded once each, as they are first needed, into a ring of rows
// kept in the cache: a leaning book half's copies are narrow bands of columns side by side,
// whose source rows all lie near one another at each destination row.

typedef uint8_t u8x16 __attribute__((vector_size(16)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint8_t u8x32 __attribute__((vector_size(32)));
typedef int16_t i16x16 __attribute__((vector_size(32)));
typedef int16_t i16x32 __attribute__((vector_size(64)));

static const uint32_t duo_even = 0x00FF00FFu;

/// Two pixels (words: even channels red and blue, odd ones green and alpha, in the halves of
/// two words) mixed at weight `f` of the second: `(a * (128 - f) + b * f) >> 7` each channel.
static inline uint32_t duo_mix(uint32_t a, uint32_t b, uint32_t f) {
    const uint32_t even = ((a & duo_even) * (128 - f) + (b & duo_even) * f) >> 7;
    const uint32_t odd = ((a >> 8 & duo_even) * (128 - f) + (b >> 8 & duo_even) * f) >> 7;
    return (even & duo_even) | (odd & duo_even) << 8;
}

/// The source rows the copies read, shaded: the source itself when there is nothing to lay
/// over it, else a ring of the last `capacity` rows shaded (a power of two), of the columns
/// `[left, right)`.
typedef struct {
    const uint8_t *source;
    size_t pitch;
    const duo_fill *fills;
    size_t fill_count;
    uint8_t *rows;
    size_t row_bytes;
    int32_t capacity;
    int32_t left, right;
    int32_t next;  // the first row not shaded yet
    /// Whether no two fills overlap: then `by_left` holds them in order of their left sides.
    int side_by_side;
    const duo_fill **by_left;
} duo_rows;

static int duo_compare_lefts(const void *a, const void *b) {
    const duo_fill *const *x = a;
    const duo_fill *const *y = b;
    return (*x)->x0 < (*y)->x0 ? -1 : (*x)->x0 > (*y)->x0;
}

/// Shades the source rows up to `row` into the ring. Fills side by side (a leaning panel's
/// bands) are blended from the source straight into the ring, the rest of the row copied; fills
/// that overlap are blended over a copy of the row, one after the other.
static void duo_shade_rows(duo_rows *rows, int32_t row) {
    for (; rows->next <= row; rows->next++) {
        const int32_t y = rows->next;
        const uint8_t *from = rows->source + (size_t)y * rows->pitch + (size_t)rows->left * 4;
        uint8_t *kept = rows->rows + (size_t)(y & (rows->capacity - 1)) * rows->row_bytes;
        if (!rows->side_by_side) {
            memcpy(kept, from, rows->row_bytes);
        }
        int32_t copied = rows->left;
        for (size_t i = 0; i < rows->fill_count; i++) {
            const duo_fill *fill = rows->side_by_side ? rows->by_left[i] : &rows->fills[i];
            const int32_t start = fill->x0 > rows->left ? fill->x0 : rows->left;
            const int32_t end = fill->x1 < rows->right ? fill->x1 : rows->right;
            if (y < fill->y0 || y >= fill->y1 || end <= start) {
                continue;
            }
            const size_t offset = (size_t)(start - rows->left) * 4;
            if (rows->side_by_side) {
                memcpy(kept + (size_t)(copied - rows->left) * 4, from + (size_t)(copied - rows->left) * 4, (size_t)(start - copied) * 4);
                duo_blend_rgba_into(from + offset, kept + offset, (size_t)(end - start) * 4, fill->keep, fill->add);
                copied = end;
            } else {
                duo_blend_rgba(kept + offset, (size_t)(end - start) * 4, fill->keep, fill->add);
            }
        }
        if (rows->side_by_side) {
            memcpy(kept + (size_t)(copied - rows->left) * 4, from + (size_t)(copied - rows->left) * 4, (size_t)(rows->right - copied) * 4);
        }
    }
}

/// Source row `row` from column `left` of the ring on: its pixels, shaded; NULL when the ring
/// has let go of it already.
static inline __attribute__((always_inline)) const uint8_t *duo_row(duo_rows *rows, int32_t row) {
    if (!rows->rows) {
        return rows->source + (size_t)row * rows->pitch + (size_t)rows->left * 4;
    }
    if (row < rows->next - rows->capacity) {
        return NULL;
    }
    if (row >= rows->next) {
        duo_shade_rows(rows, row);
    }
    return rows->rows + (size_t)(row & (rows->capacity - 1)) * rows->row_bytes;
}

/// The source pixel at (x, y), shaded, when the ring has let go of its row: read from the source.
static inline void duo_read_directly(uint8_t out[4], const duo_rows *rows, int32_t x, int32_t y) {
    memcpy(out, rows->source + (size_t)y * rows->pitch + (size_t)x * 4, 4);
    for (size_t i = 0; i < rows->fill_count; i++) {
        const duo_fill *fill = &rows->fills[i];
        if (x >= fill->x0 && x < fill->x1 && y >= fill->y0 && y < fill->y1) {
            for (int channel = 0; channel < 4; channel++) {
                const uint32_t product = out[channel] * (uint32_t)fill->keep;
                out[channel] = (uint8_t)(((product + 1 + (product >> 8)) >> 8) + fill->add[channel]);
            }
        }
    }
}

/// `bytes` bytes (a multiple of four) of rows `upper` and `lower` mixed down at weight `fy` of
/// the lower one into `out`: `(upper * (128 - fy) + lower * fy) >> 7` each byte, with no branch
/// for a weight of 0 (which gives the upper row itself: `upper * 128 >> 7`). Thirty-two bytes at
/// a time from thirty-two on, sixteen below that, eight below sixteen (each time the last ones
/// again: the destination is elsewhere, so bytes done twice come out the same), four alone. The
/// wide steps take the mix as `upper + ((lower - upper) * fy >> 7)`, in signed 16 bits with an
/// arithmetic shift: the same value (the shift of a sum of `upper * 128` and the rest rounds the
/// rest down), one product instead of two.
DUO_CLONED_HELPER void duo_mix_rows(const uint8_t *upper, const uint8_t *lower, uint8_t *out, size_t bytes, uint16_t fy) {
    if (bytes >= 32) {
        const i16x32 take = (i16x32){0} + (int16_t)fy;
        for (size_t offset = 0;; offset += 32) {
            if (offset + 32 > bytes) {
                offset = bytes - 32;
            }
            u8x32 a, b;
            memcpy(&a, upper + offset, 32);
            memcpy(&b, lower + offset, 32);
            const i16x32 wide = __builtin_convertvector(a, i16x32);
            const u8x32 result = __builtin_convertvector(wide + ((__builtin_convertvector(b, i16x32) - wide) * take >> 7), u8x32);
            memcpy(out + offset, &result, 32);
            if (offset + 32 == bytes) {
                return;
            }
        }
    }
    if (bytes >= 16) {
        const i16x16 take = (i16x16){0} + (int16_t)fy;
        u8x16 a, b;
        memcpy(&a, upper, 16);
        memcpy(&b, lower, 16);
        const i16x16 wide = __builtin_convertvector(a, i16x16);
        const u8x16 first = __builtin_convertvector(wide + ((__builtin_convertvector(b, i16x16) - wide) * take >> 7), u8x16);
        memcpy(&a, upper + bytes - 16, 16);
        memcpy(&b, lower + bytes - 16, 16);
        const i16x16 wide_last = __builtin_convertvector(a, i16x16);
        const u8x16 last = __builtin_convertvector(wide_last + ((__builtin_convertvector(b, i16x16) - wide_last) * take >> 7), u8x16);
        memcpy(out, &first, 16);
        memcpy(out + bytes - 16, &last, 16);
        return;
    }
    if (bytes >= 8) {
        const u16x8 keep = (u16x8){0} + (uint16_t)(128 - fy);
        const u16x8 take = (u16x8){0} + fy;
        u8x8 a, b;
        memcpy(&a, upper, 8);
        memcpy(&b, lower, 8);
        const u8x8 first = __builtin_convertvector((__builtin_convertvector(a, u16x8) * keep + __builtin_convertvector(b, u16x8) * take) >> 7, u8x8);
        memcpy(&a, upper + bytes - 8, 8);
        memcpy(&b, lower + bytes - 8, 8);
        const u8x8 last = __builtin_convertvector((__builtin_convertvector(a, u16x8) * keep + __builtin_convertvector(b, u16x8) * take) >> 7, u8x8);
        memcpy(out, &first, 8);
        memcpy(out + bytes - 8, &last, 8);
        return;
    }
    if (bytes == 4) {
        uint32_t a, b;
        memcpy(&a, upper, 4);
        memcpy(&b, lower, 4);
        const uint32_t mixed = duo_mix(a, b, fy);
        memcpy(out, &mixed, 4);
    }
}

/// A row scaled across only, from `row` (the copy's source pixels), four destination pixels
/// at a time, their even and odd channels in the halves of 32-bit lanes.
DUO_CLONED_HELPER void duo_mix_across(const uint8_t *row_bytes, uint8_t *out_bytes, const duo_copy *copy, const duo_scaler_axis *across) {
    const uint32_t *row = (const uint32_t *)(const void *)row_bytes;
    uint32_t *out = (uint32_t *)(void *)out_bytes;
    const int32_t middle_end = copy->width - across->right_pad;
    int32_t x = 0;
    for (; x < across->left_pad; x++) {
        out[x] = row[0];
    }
    int32_t position = across->start + x * across->step;
    const u32x4 mask = (u32x4){0} + duo_even;
    for (; x + 4 <= middle_end; x += 4) {
        u32x4 left, right, fx;
        for (int k = 0; k < 4; k++, position += across->step) {
            const int32_t column = position >> 16;
            left[k] = row[column];
            // At weight 0 the right pixel counts for nothing (and may lie past the row's end).
            fx[k] = (uint32_t)(position >> 9) & 127;
            right[k] = fx[k] != 0 ? row[column + 1] : 0;
        }
        const u16x8 take = (u16x8)(fx | fx << 16);
        const u16x8 keep = (u16x8){0} + 128 - take;
        const u16x8 even = ((u16x8)(left & mask) * keep + (u16x8)(right & mask) * take) >> 7;
        const u16x8 odd = ((u16x8)(left >> 8 & mask) * keep + (u16x8)(right >> 8 & mask) * take) >> 7;
        const u32x4 result = ((u32x4)even & mask) | ((u32x4)odd & mask) << 8;
        memcpy(out + x, &result, 16);
    }
    for (; x < middle_end; x++, position += across->step) {
        const int32_t column = position >> 16;
        const uint32_t fx = (uint32_t)(position >> 9) & 127;
        out[x] = fx == 0 ? row[column] : duo_mix(row[column], row[column + 1], fx);
    }
    for (; x < copy->width; x++) {
        out[x] = row[copy->source_width - 1];
    }
}

/// Row `i` of `copy` one pixel at a time, each from its 2x2 source neighbourhood (rows `upper`
/// and `upper + 1`, shaded, `lower` NULL when that row is not read; `upper` NULL when the ring
/// has let go of them, then read from the source): copies scaled both ways.
static void duo_project_pixels(duo_rows *rows, uint8_t *out, const duo_copy *copy, const duo_scaler_axis *across,
                               const uint8_t *upper, const uint8_t *lower, int32_t row, int32_t fy) {
    for (int32_t x = 0; x < copy->width; x++) {
        int32_t column, fx;
        duo_scaler_sample(across, copy->source_width, copy->width, x, &column, &fx);
        const int32_t at = copy->source_x + column;
        uint8_t a[4], b[4], c[4] = {0}, d[4] = {0};
        if (upper) {
            const size_t offset = (size_t)(at - rows->left) * 4;
            memcpy(a, upper + offset, 4);
            memcpy(b, lower ? lower + offset : a, 4);
            if (fx != 0) {
                memcpy(c, upper + offset + 4, 4);
                if (lower) {
                    memcpy(d, lower + offset + 4, 4);
                }
            }
        } else {
            duo_read_directly(a, rows, at, row);
            if (fy != 0) {
                duo_read_directly(b, rows, at, row + 1);
            } else {
                memcpy(b, a, 4);
            }
            if (fx != 0) {
                duo_read_directly(c, rows, at + 1, row);
                if (fy != 0) {
                    duo_read_directly(d, rows, at + 1, row + 1);
                }
            }
        }
        for (int channel = 0; channel < 4; channel++) {
            out[x * 4 + channel] = duo_scaler_mix(a[channel], b[channel], c[channel], d[channel], fx, fy);
        }
    }
}

/// Destination row `i` of `copy`, from source row `row` (of the copy) and, at weight `fy`, the next.
DUO_CLONED_HELPER void duo_project_row(duo_rows *rows, uint8_t *destination, size_t destination_pitch, const duo_copy *copy,
                                   const duo_scaler_axis *across, int32_t i, int32_t row, int32_t fy) {
    const int32_t upper_row = copy->source_y + row;
    const uint8_t *upper = duo_row(rows, upper_row);
    const uint8_t *lower = fy != 0 ? duo_row(rows, upper_row + 1) : NULL;
    // The next row may have pushed the first out of a ring too small for it: both read directly then.
    upper = fy != 0 && upper ? duo_row(rows, upper_row) : upper;
    uint8_t *out = destination + (size_t)(copy->y + i) * destination_pitch + (size_t)copy->x * 4;
    if (!upper || (fy != 0 && !lower) || (fy != 0 && copy->source_width != copy->width)) {
        duo_project_pixels(rows, out, copy, across, upper && (fy == 0 || lower) ? upper : NULL, lower, upper_row, fy);
        return;
    }
    const size_t offset = (size_t)(copy->source_x - rows->left) * 4;
    if (copy->source_width == copy->width) {
        duo_mix_rows(upper + offset, fy != 0 ? lower + offset : upper + offset, out, (size_t)copy->width * 4, (uint16_t)fy);
    } else {
        duo_mix_across(upper + offset, out, copy, across);
    }
}

/// A copy that keeps its width (a band of a leaning book half's columns), as the pass down the
/// destination draws it row by row.
typedef struct {
    const duo_copy *copy;
    int32_t position, step;  // the source position of its next row, 16.16, and from row to row
    int32_t middle_end;      // the first position past those SDL mixes two rows at (then padding)
    size_t from;             // its first column in a row of `duo_rows`, in bytes
    uint8_t *out;            // its next row's first pixel
    size_t bytes;
} duo_band;

/// Destination rows drawn band by band before the pass moves down: a band's state stays in
/// registers and its rows' branches go alike from one row to the next. The ring keeps enough
/// rows more for the bands to be that far apart.
enum { duo_band_rows = 16 };


/// Copies that all keep their width, down the destination `duo_band_rows` rows at a time: per
/// copy and row, the source row and weight, then its bytes mixed down (the general pass's work
/// for them, without what only copies scaled across need). A band's rows for those destination
/// rows are shaded first, all at once, and when the ring still holds them all they are mixed
/// with no more checks; else row by row as the general pass does.
DUO_CLONED_HELPER void duo_project_bands(duo_rows *rows, size_t destination_pitch, duo_band *bands, const duo_copy **order, size_t *active,
                                         size_t count, int32_t last) {
    size_t next = 0, active_count = 0;
    // Where source row r's pixels are: `base + (r & mask) * stride` (the ring's rows, or the source's).
    const uint8_t *const base = rows->rows ? rows->rows : rows->source + (size_t)rows->left * 4;
    const size_t stride = rows->rows ? rows->row_bytes : rows->pitch;
    const int32_t mask = rows->rows ? rows->capacity - 1 : -1;
    for (int32_t y = order[0]->y; y < last; y += duo_band_rows) {
        const int32_t end = y + duo_band_rows < last ? y + duo_band_rows : last;
        while (next < count && order[next]->y < end) {
            active[active_count++] = (size_t)(order[next++] - bands[0].copy);
        }
        size_t kept = 0;
        for (size_t k = 0; k < active_count; k++) {
            duo_band *band = &bands[active[k]];
            const duo_copy *copy = band->copy;
            const int32_t bottom = copy->y + copy->height;
            const int32_t first = copy->y > y ? copy->y : y, stop = bottom < end ? bottom : end;
            int32_t position = band->position;
            uint8_t *out = band->out;
            // The source rows these destination rows read lie from the first one's to the one
            // after the last one's (the position only grows; padding reads the edge rows).
            const int32_t last_position = position + (stop - 1 - first) * band->step;
            const int32_t lowest = copy->source_y + (position < 0 ? 0 : position >> 16);
            const int32_t highest_row = last_position < 0 ? 0 : (last_position >> 16) + 1;
            const int32_t highest = copy->source_y + (highest_row < copy->source_height ? highest_row : copy->source_height - 1);
            if (rows->rows && highest >= rows->next) {
                duo_shade_rows(rows, highest);
            }
            if (!rows->rows || lowest >= rows->next - rows->capacity) {
                const uint8_t *const from = base + band->from;
                const size_t bytes = band->bytes;
                for (int32_t i = first; i < stop; i++, position += band->step, out += destination_pitch) {
                    // SDL's padding: before the first source row, or past the last but one, the edge row itself.
                    int32_t row = position < 0 ? 0 : copy->source_height - 1, fy = 0;
                    if ((uint32_t)position < (uint32_t)band->middle_end) {
                        row = position >> 16;
                        fy = (position >> 9) & 127;
                    }
                    const int32_t upper_row = copy->source_y + row;
                    const uint8_t *upper = from + (size_t)(upper_row & mask) * stride;
                    const uint8_t *lower = fy != 0 ? from + (size_t)((upper_row + 1) & mask) * stride : upper;
                    duo_mix_rows(upper, lower, out, bytes, (uint16_t)fy);
                }
            } else {
                for (int32_t i = first; i < stop; i++, position += band->step, out += destination_pitch) {
                    int32_t row = position < 0 ? 0 : copy->source_height - 1, fy = 0;
                    if ((uint32_t)position < (uint32_t)band->middle_end) {
                        row = position >> 16;
                        fy = (position >> 9) & 127;
                    }
                    const uint8_t *upper = duo_row(rows, copy->source_y + row);
                    const uint8_t *lower = fy != 0 ? duo_row(rows, copy->source_y + row + 1) : upper;
                    upper = fy != 0 && upper ? duo_row(rows, copy->source_y + row) : upper;
                    if (upper && lower) {
                        duo_mix_rows(upper + band->from, lower + band->from, out, band->bytes, (uint16_t)fy);
                    } else {
                        const duo_scaler_axis across = duo_scaler_axis_make(copy->source_width, copy->width);
                        duo_project_pixels(rows, out, copy, &across, NULL, NULL, copy->source_y + row, fy);
                    }
                }
            }
            band->position = position;
            band->out = out;
            if (bottom > end) {
                active[kept++] = active[k];
            }
        }
        active_count = kept;
    }
}

static int duo_compare_tops(const void *a, const void *b) {
    const duo_copy *const *x = a;
    const duo_copy *const *y = b;
    return (*x)->y < (*y)->y ? -1 : (*x)->y > (*y)->y;
}

/// How far apart (in source rows, give or take a few) the rows the copies read at one
/// destination row lie: the rows a ring must keep. Each copy's source row grows with the
/// destination row, so looking every few rows is enough.
static int32_t duo_spread(const duo_copy *copies, size_t copy_count, const duo_scaler_axis *down) {
    int32_t top = copies[0].y, bottom = copies[0].y;
    for (size_t i = 0; i < copy_count; i++) {
        top = copies[i].y < top ? copies[i].y : top;
        bottom = copies[i].y + copies[i].height > bottom ? copies[i].y + copies[i].height : bottom;
    }
    const int32_t every = 8;
    int32_t spread = 0;
    for (int32_t y = top; y < bottom; y += every) {
        int32_t lowest = INT32_MAX, highest = INT32_MIN;
        for (size_t i = 0; i < copy_count; i++) {
            const duo_copy *copy = &copies[i];
            if (y < copy->y || y >= copy->y + copy->height) {
                continue;
            }
            const int32_t row = copy->source_y + ((down[i].start + (y - copy->y) * down[i].step) >> 16);
            lowest = row < lowest ? row : lowest;
            highest = row > highest ? row : highest;
        }
        spread = highest - lowest > spread ? highest - lowest : spread;
    }
    // Rows move at most a few source rows per destination row between two looks, and the bands
    // are drawn a few rows apart.
    return spread + 4 * every + 2 * duo_band_rows;
}

DUO_VECTOR_CLONES
int duo_project(const uint8_t *source, size_t source_pitch, uint8_t *destination, size_t destination_pitch, const duo_copy *copies,
                size_t copy_count, const duo_fill *fills, size_t fill_count) {
    if (copy_count == 0) {
        return 0;
    }
    duo_rows rows = {source, source_pitch, NULL, 0, NULL, 0, 0, copies[0].source_x, copies[0].source_x, 0, 0, NULL};
    int32_t top = copies[0].source_y, bottom = copies[0].source_y + copies[0].source_height, last = copies[0].y;
    for (size_t i = 0; i < copy_count; i++) {
        const duo_copy *copy = &copies[i];
        rows.left = copy->source_x < rows.left ? copy->source_x : rows.left;
        rows.right = copy->source_x + copy->source_width > rows.right ? copy->source_x + copy->source_width : rows.right;
        top = copy->source_y < top ? copy->source_y : top;
        bottom = copy->source_y + copy->source_height > bottom ? copy->source_y + copy->source_height : bottom;
        last = copy->y + copy->height > last ? copy->y + copy->height : last;
    }
    rows.next = top;
    duo_scaler_axis *across = malloc(copy_count * sizeof *across);
    duo_scaler_axis *down = malloc(copy_count * sizeof *down);
    const duo_copy **order = malloc(copy_count * sizeof *order);
    size_t *active = malloc(copy_count * sizeof *active);
    // Only the fills over pixels the copies read: a panel beside a shaded one reads the source as it is.
    duo_fill *read_fills = malloc((fill_count > 0 ? fill_count : 1) * sizeof *read_fills);
    int result = -1;
    if (!across || !down || !order || !active || !read_fills) {
        goto done;
    }
    for (size_t i = 0; i < fill_count; i++) {
        const duo_fill *fill = &fills[i];
        if (fill->x0 < rows.right && fill->x1 > rows.left && fill->y0 < bottom && fill->y1 > top && fill->x1 > fill->x0 && fill->y1 > fill->y0) {
            read_fills[rows.fill_count++] = *fill;
        }
    }
    rows.fills = read_fills;
    for (size_t i = 0; i < copy_count; i++) {
        across[i] = duo_scaler_axis_make(copies[i].source_width, copies[i].width);
        down[i] = duo_scaler_axis_make(copies[i].source_height, copies[i].height);
        order[i] = &copies[i];
    }
    if (rows.fill_count > 0) {
        rows.row_bytes = (size_t)(rows.right - rows.left) * 4;
        // Enough rows for the spread of those read at once (a power of two), no more than the source's.
        const int32_t spread = duo_spread(copies, copy_count, down);
        rows.capacity = 4;
        while (rows.capacity < spread && rows.capacity < bottom - top) {
            rows.capacity *= 2;
        }
        rows.rows = malloc((size_t)rows.capacity * rows.row_bytes);
        rows.by_left = malloc(rows.fill_count * sizeof *rows.by_left);
        if (!rows.rows || !rows.by_left) {
            goto done;
        }
        rows.side_by_side = 1;
        for (size_t i = 0; i < rows.fill_count; i++) {
            rows.by_left[i] = &rows.fills[i];
            for (size_t k = 0; k < i; k++) {
                const duo_fill *a = &rows.fills[i], *b = &rows.fills[k];
                rows.side_by_side &= a->x1 <= b->x0 || b->x1 <= a->x0 || a->y1 <= b->y0 || b->y1 <= a->y0;
            }
        }
        qsort(rows.by_left, rows.fill_count, sizeof *rows.by_left, duo_compare_lefts);
    }
    qsort(order, copy_count, sizeof *order, duo_compare_tops);
    int keep_width = 1;
    for (size_t i = 0; i < copy_count; i++) {
        keep_width &= copies[i].source_width == copies[i].width;
    }
    if (keep_width) {
        duo_band *bands = malloc(copy_count * sizeof *bands);
        if (!bands) {
            goto done;
        }
        for (size_t i = 0; i < copy_count; i++) {
            const duo_copy *copy = &copies[i];
            bands[i] = (duo_band){copy, down[i].start, down[i].step, (copy->source_height - 1) * 65536,
                                  (size_t)(copy->source_x - rows.left) * 4, destination + (size_t)copy->y * destination_pitch + (size_t)copy->x * 4,
                                  (size_t)copy->width * 4};
        }
        duo_project_bands(&rows, destination_pitch, bands, order, active, copy_count, last);
        free(bands);
        result = 0;
        goto done;
    }
    size_t next = 0, active_count = 0;
    for (int32_t y = order[0]->y; y < last; y++) {
        while (next < copy_count && order[next]->y == y) {
            active[active_count++] = (size_t)(order[next++] - copies);
        }
        size_t kept = 0;
        for (size_t k = 0; k < active_count; k++) {
            const size_t i = active[k];
            const duo_copy *copy = &copies[i];
            int32_t row, fy;
            duo_scaler_sample(&down[i], copy->source_height, copy->height, y - copy->y, &row, &fy);
            duo_project_row(&rows, destination, destination_pitch, copy, &across[i], y - copy->y, row, fy);
            if (y + 1 < copy->y + copy->height) {
                active[kept++] = i;
            }
        }
        active_count = kept;
    }
    result = 0;
done:
    free(rows.rows);
    free(rows.by_left);
    free(read_fills);
    free(across);
    free(down);
    free(order);
    free(active);
    return result;
}
