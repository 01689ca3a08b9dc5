import DuoPlatform

/// Checks a HUD layout against the rules every game must keep, from the
/// layout context alone: no element across an active division, none over
/// an active occlusion, none outside the scene, every interactive element at
/// least a touch target, every board's cells at least their declared size,
/// every interactive element on the flat half in tabletop; and, between a
/// flat and a folded layout of the same scene, no element moving by more
/// than half the fold band.
public enum HUDLint {
    /// Slack for floating-point edges, in points.
    static let tolerance = 0.01

    /// Every violation in `layout` of the `elements` it was made from, in `context`.
    public static func check(
        _ layout: HUDLayout, elements: [HUDElement], in context: LayoutContext, rules: HUDLayoutRules = .standard
    ) -> [HUDViolation] {
        // The layout's frames are left to right, so the regions must be too.
        let divisions = context.reservedRegions(kind: .division, layoutDirectionBehavior: .fixed)
        let occlusions = context.reservedRegions(kind: .occlusion, layoutDirectionBehavior: .fixed)
        let scene = Rect(size: context.size).insetBy(dx: -tolerance, dy: -tolerance)
        let byID = Dictionary(elements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var violations: [HUDViolation] = []
        for placement in layout.placements {
            let frame = placement.frame
            let inner = frame.insetBy(dx: tolerance, dy: tolerance)
            for division in divisions where inner.intersects(division.frame) {
                violations.append(
                    HUDViolation(
                        kind: .crossesDivision, element: placement.id, frame: frame,
                        region: division.id, regionFrame: division.frame, detail: ""))
            }
            for occlusion in occlusions where inner.intersects(occlusion.frame) {
                violations.append(
                    HUDViolation(
                        kind: .overlapsOcclusion, element: placement.id, frame: frame,
                        region: occlusion.id, regionFrame: occlusion.frame, detail: ""))
            }
            if !scene.contains(frame) {
                violations.append(
                    HUDViolation(
                        kind: .leavesScene, element: placement.id, frame: frame,
                        detail: "the scene is \(context.size)"))
            }
            guard let element = byID[placement.id] else { continue }
            let target = rules.minimumTouchTarget
            if element.isInteractive && (frame.width + tolerance < target || frame.height + tolerance < target) {
                violations.append(
                    HUDViolation(
                        kind: .belowTouchTarget, element: placement.id, frame: frame,
                        detail: "\(frame.size) is under \(formatted(target)) x \(formatted(target)) pt"))
            }
            if let grid = element.touchGrid {
                let side = grid.cellSide(in: frame)
                if side + tolerance < grid.minimumCellSide {
                    violations.append(
                        HUDViolation(
                            kind: .cellsTooSmall, element: placement.id, frame: frame,
                            detail: "cells of \(formatted(side)) pt are under \(formatted(grid.minimumCellSide)) pt"))
                }
            }
        }
        return violations + checkFlatHalf(layout, elements: elements, in: context)
    }

    /// Violations of the tabletop rule: while a horizontal fold is active
    /// (tabletop: the lower half lies on the table, the upper half stands
    /// upright), every interactive element lies wholly below the fold band, on
    /// the flat half under the thumbs. What a player sees decides, so the
    /// frames are held to the band itself, not to the panels the layout chose.
    /// - Parameters:
    ///   - layout: the layout to check.
    ///   - elements: the elements it was made from (which are interactive).
    ///   - context: the scene.
    ///   - includingFlatFold: hold a flat (inactive) horizontal fold to the rule
    ///     too, as if it were folded: a layout made flat must keep still when
    ///     the device folds, so it can be judged before it does.
    public static func checkFlatHalf(
        _ layout: HUDLayout, elements: [HUDElement], in context: LayoutContext, includingFlatFold: Bool = false
    ) -> [HUDViolation] {
        let options: ReservedRegion.QueryOptions = includingFlatFold ? .includeInactive : []
        let folds = context.reservedRegions(kind: .division, options: options, layoutDirectionBehavior: .fixed)
            .filter { $0.frame.width > $0.frame.height }
        guard !folds.isEmpty else { return [] }
        let interactive = Set(elements.filter(\.isInteractive).map(\.id))
        var violations: [HUDViolation] = []
        for placement in layout.placements where interactive.contains(placement.id) {
            for fold in folds where placement.frame.minY + tolerance < fold.frame.maxY {
                let flat = Rect(x: 0, y: fold.frame.maxY, width: context.size.width, height: max(0, context.size.height - fold.frame.maxY))
                violations.append(
                    HUDViolation(
                        kind: .offFlatHalf, element: placement.id, frame: placement.frame, region: fold.id, regionFrame: fold.frame,
                        detail: "the flat half is \(flat) of the \(context.size) scene"))
            }
        }
        return violations
    }

    /// Violations of the folding rule between a layout made flat and one made
    /// folded (same scene size): an element whose edges move by more than
    /// half of `foldBandThickness`, or that shows in one and not the other.
    public static func checkFolding(flat: HUDLayout, folded: HUDLayout, foldBandThickness: Double) -> [HUDViolation] {
        var violations: [HUDViolation] = []
        let limit = foldBandThickness / 2
        for placement in folded.placements {
            guard let before = flat.frame(of: placement.id) else {
                violations.append(
                    HUDViolation(
                        kind: .appearsWhenFolding, element: placement.id, frame: placement.frame,
                        detail: "hidden flat, shown folded"))
                continue
            }
            let after = placement.frame
            let moved = max(
                abs(after.minX - before.minX), abs(after.maxX - before.maxX),
                abs(after.minY - before.minY), abs(after.maxY - before.maxY))
            if moved > limit + tolerance {
                violations.append(
                    HUDViolation(
                        kind: .jumpsWhenFolding, element: placement.id, frame: after,
                        detail: "an edge moved \(formatted(moved)) pt from \(before), more than half the \(formatted(foldBandThickness)) pt band"))
            }
        }
        for placement in flat.placements where folded.frame(of: placement.id) == nil {
            violations.append(
                HUDViolation(
                    kind: .appearsWhenFolding, element: placement.id, frame: placement.frame,
                    detail: "shown flat, hidden folded"))
        }
        return violations
    }

    static func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
