/// One copy of a rectangle of the scene picture's pixels to a rectangle of the window, both in
/// whole pixels, exactly as SDL's renderer receives it: the strips a leaning panel is drawn with.
///
/// A leaning panel is hundreds of one-pixel strips, and the software renderer pays for each copy
/// (its linear scaler sets up per call, and a one-pixel column walks memory a row at a time).
/// Neighbouring strips that are copied unscaled across the direction they are stacked in, and
/// scaled alike along it, ``absorb(_:stacking:)`` into one copy with the very same pixels: SDL's
/// linear scaler works out each row of an unscaled-height copy from the source row at the same
/// place (weight 1, its neighbour 0), with the row's own horizontal scaling, and each column of
/// an unscaled-width copy likewise.
struct PixelCopy: Equatable {
    /// How the strips of a panel lie.
    enum Stacking {
        /// One-pixel rows, one under the other (an upright panel).
        case rows
        /// One-pixel columns side by side (a book's halves).
        case columns
    }

    /// The picture's rectangle, in its pixels.
    var sourceX: Int, sourceY: Int, sourceWidth: Int, sourceHeight: Int
    /// The window's rectangle, in its pixels.
    var x: Int, y: Int, width: Int, height: Int

    /// Whether the copy lies wholly inside a picture of `source` pixels and a window of `destination`
    /// pixels: only such copies merge, as SDL clips the others and scales what is left a little differently.
    func isInside(source: (width: Int, height: Int), destination: (width: Int, height: Int)) -> Bool {
        sourceX >= 0 && sourceY >= 0 && sourceWidth > 0 && sourceHeight > 0
            && sourceX + sourceWidth <= source.width && sourceY + sourceHeight <= source.height
            && x >= 0 && y >= 0 && width > 0 && height > 0 && x + width <= destination.width && y + height <= destination.height
    }

    /// Whether `next` continues this copy: the next rows (or columns) of the picture to the next rows
    /// (or columns) of the window, both copies unscaled that way and with the same span the other way.
    func canAbsorb(_ next: PixelCopy, stacking: Stacking) -> Bool {
        switch stacking {
        case .rows:
            return height == sourceHeight && next.height == next.sourceHeight
                && next.x == x && next.width == width && next.sourceX == sourceX && next.sourceWidth == sourceWidth
                && next.y == y + height && next.sourceY == sourceY + sourceHeight
        case .columns:
            return width == sourceWidth && next.width == next.sourceWidth
                && next.y == y && next.height == height && next.sourceY == sourceY && next.sourceHeight == sourceHeight
                && next.x == x + width && next.sourceX == sourceX + sourceWidth
        }
    }

    /// Extends this copy by `next` (which ``canAbsorb(_:stacking:)`` allows).
    mutating func absorb(_ next: PixelCopy, stacking: Stacking) {
        switch stacking {
        case .rows:
            height += next.height
            sourceHeight += next.sourceHeight
        case .columns:
            width += next.width
            sourceWidth += next.sourceWidth
        }
    }
}
