#include "CPixels.h"
#include "clones.h"

#include <stdlib.h>
#include <string.h>

DUO_VECTOR_CLONES
void duo_fill_rgba(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, uint32_t pixel) {
    typedef uint32_t u32x4 __attribute__((vector_size(16)));
    const u32x4 four = (u32x4){0} + pixel;
    for (int32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * pitch;
        int32_t x = 0;
        for (; x + 4 <= width; x += 4) {
            memcpy(row + (size_t)x * 4, &four, 16);
        }
        for (; x < width; x++) {
            memcpy(row + (size_t)x * 4, &pixel, 4);
        }
    }
}

static int duo_compare_copy_tops(const void *a, const void *b) {
    const duo_copy *const *x = a;
    const duo_copy *const *y = b;
    return (*x)->y < (*y)->y ? -1 : (*x)->y > (*y)->y;
}

static int duo_compare_copy_lefts(const void *a, const void *b) {
    const duo_copy *const *x = a;
    const duo_copy *const *y = b;
    return (*x)->x < (*y)->x ? -1 : (*x)->x > (*y)->x;
}

/// Copies side by side (no two share a column: a book's bands), in order of their left sides:
/// row after row, the columns no copy covers, and those of the copies that start lower or end
/// higher (only rows above the lowest top or below the highest bottom have any).
static void duo_fill_outside_columns(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, uint32_t pixel,
                                     const duo_copy *const *by_left, size_t count) {
    int32_t lowest_top = 0, highest_bottom = height;
    for (size_t k = 0; k < count; k++) {
        lowest_top = by_left[k]->y > lowest_top ? by_left[k]->y : lowest_top;
        highest_bottom = by_left[k]->y + by_left[k]->height < highest_bottom ? by_left[k]->y + by_left[k]->height : highest_bottom;
    }
    for (int32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * pitch;
        const int every_copy_covers = y >= lowest_top && y < highest_bottom;
        // The run of columns to fill so far starts at `run`: a copy over this row ends it.
        int32_t run = 0;
        for (size_t k = 0; k < count; k++) {
            const duo_copy *copy = by_left[k];
            if (!every_copy_covers && (y < copy->y || y >= copy->y + copy->height)) {
                continue;
            }
            if (copy->x > run) {
                duo_fill_rgba(row + (size_t)run * 4, pitch, copy->x - run, 1, pixel);
            }
            run = copy->x + copy->width;
        }
        if (width > run) {
            duo_fill_rgba(row + (size_t)run * 4, pitch, width - run, 1, pixel);
        }
    }
}

int duo_fill_outside(uint8_t *pixels, size_t pitch, int32_t width, int32_t height, uint32_t pixel, const duo_copy *copies, size_t count) {
    const duo_copy **order = malloc((count + 1) * sizeof *order);
    const duo_copy **active = malloc((count + 1) * sizeof *active);
    if (!order || !active) {
        free(order);
        free(active);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        order[i] = &copies[i];
    }
    qsort(order, count, sizeof *order, duo_compare_copy_lefts);
    int side_by_side = 1;
    for (size_t i = 1; i < count; i++) {
        side_by_side &= order[i]->x >= order[i - 1]->x + order[i - 1]->width;
    }
    if (side_by_side) {
        duo_fill_outside_columns(pixels, pitch, width, height, pixel, order, count);
        free(order);
        free(active);
        return 0;
    }
    // Otherwise down the picture, the copies over each row kept in order of their left sides.
    qsort(order, count, sizeof *order, duo_compare_copy_tops);
    size_t next = 0, active_count = 0;
    for (int32_t y = 0; y < height; y++) {
        size_t kept = 0;
        for (size_t k = 0; k < active_count; k++) {
            if (active[k]->y + active[k]->height > y) {
                active[kept++] = active[k];
            }
        }
        active_count = kept;
        for (; next < count && order[next]->y <= y; next++) {
            const duo_copy *copy = order[next];
            if (copy->y + copy->height <= y) {
                continue;
            }
            size_t at = active_count++;
            for (; at > 0 && active[at - 1]->x > copy->x; at--) {
                active[at] = active[at - 1];
            }
            active[at] = copy;
        }
        uint8_t *row = pixels + (size_t)y * pitch;
        int32_t x = 0;
        for (size_t k = 0; k <= active_count; k++) {
            const int32_t from = k < active_count ? active[k]->x : width;
            if (from > x) {
                duo_fill_rgba(row + (size_t)x * 4, pitch, (from < width ? from : width) - x, 1, pixel);
            }
            if (k < active_count && active[k]->x + active[k]->width > x) {
                x = active[k]->x + active[k]->width;
            }
        }
    }
    free(order);
    free(active);
    return 0;
}
