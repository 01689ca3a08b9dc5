import DuoPlatform

/// Column counts for grids of equal cells (a strip of buttons, a gallery of
/// cards), following docs/SPEC.md section 2: prefer an even number of columns wherever a
/// division exists, active or not, so that a grid laid across the fold has
/// the fold between two columns, never through one.
public enum HUDGrid {
    /// How many columns `cellCount` cells of at least `minimumCellWidth`
    /// take across `width` with `spacing` between them: one per cell when
    /// they all fit in one row (a single row is not a grid); otherwise as many
    /// as fit, made even when the context has a division (active or
    /// inactive) and more than one column fits.
    public static func columnCount(
        cellCount: Int, width: Double, minimumCellWidth: Double, spacing: Double, in context: LayoutContext
    ) -> Int {
        let hasDivision = !context.reservedRegions(kind: .division, options: .includeInactive).isEmpty
        return columnCount(
            cellCount: cellCount, width: width, minimumCellWidth: minimumCellWidth,
            spacing: spacing, prefersEven: hasDivision)
    }

    /// The same count with the even preference given directly.
    public static func columnCount(
        cellCount: Int, width: Double, minimumCellWidth: Double, spacing: Double, prefersEven: Bool
    ) -> Int {
        guard cellCount > 0 else { return 0 }
        let fitting = Int(((width + spacing) / max(1, minimumCellWidth + spacing)).rounded(.down))
        if cellCount <= fitting { return cellCount }
        var columns = max(1, fitting)
        if prefersEven && columns > 1 && columns % 2 == 1 {
            // The grid wraps: drop to the even count below, so the rows pair up around a fold.
            columns -= 1
        }
        return columns
    }
}
