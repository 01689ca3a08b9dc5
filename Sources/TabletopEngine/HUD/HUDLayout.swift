import DuoPlatform

/// Where a game's HUD elements go in one scene: the fold-aware layout
/// helper every game uses, a pure function of the elements and a
/// `LayoutContext` (size, layout direction, reserved regions; never the
/// hinge, which a layout context cannot reach).
///
/// The rules, in order:
/// 1. A division (the fold), active or not, splits the scene into two
///    panels; each element stays whole on one side. A flat fold keeps a
///    gutter on each side so that when it folds no element moves by more
///    than half the fold band. (A screen the game replaces once the device
///    folds may ignore a flat fold instead: see ``HUDFlatLayout``.)
/// 2. Status and the secondary board go to the upper panel (upright in
///    tabletop) or the leading one (book); controls and the primary board to
///    the lower (flat) or trailing one. If a panel is too small for what it
///    should hold, boards move to the other panel before anything shrinks
///    below its minimum, and optional elements are hidden last.
/// 3. Inside a panel, elements keep clear of active occlusions (cameras,
///    status areas) by using the largest clear rectangle.
/// 4. A panel stacks status, boards and controls, or puts the strips in a
///    side column, whichever gives the primary board more room; strips keep
///    their heights (text and controls never scale), boards fill the rest,
///    so a different aspect ratio changes the arrangement, never letterboxes it.
/// 5. Frames are computed from the leading edge, then mirrored for
///    right-to-left, so the same game reads correctly both ways.
public struct HUDLayout: Sendable, Hashable {
    /// One placed element.
    public struct Placement: Sendable, Hashable {
        /// The element's id.
        public var id: String
        /// Its role.
        public var anchor: HUDAnchor
        /// Where it goes, in scene coordinates (left to right, never mirrored).
        public var frame: Rect
        /// Which panel holds it.
        public var pane: HUDPane.Role
    }

    /// The scene size the layout was made for.
    public let size: Size
    /// The direction it was laid out in.
    public let layoutDirection: LayoutDirection
    /// The panels, in scene coordinates.
    public let panes: [HUDPane]
    /// Every element that was placed, in the order the elements were given.
    public let placements: [Placement]
    /// Optional elements left out for lack of room.
    public let hiddenElements: [String]

    /// The frame of an element, or nil when it was hidden or never given.
    public func frame(of id: String) -> Rect? {
        placements.first { $0.id == id }?.frame
    }

    /// The placement of an element, or nil when it was hidden or never given.
    public func placement(of id: String) -> Placement? {
        placements.first { $0.id == id }
    }

    /// The placed element under a scene point, if any (interactive or not).
    public func element(at point: Point) -> Placement? {
        placements.last { $0.frame.contains(point) }
    }

    /// Lays out `elements` in the scene described by `context`.
    /// - Parameters:
    ///   - elements: what to place; ids must be unique (a repeated id keeps its first element).
    ///   - context: the scene's layout context.
    ///   - rules: spacing rules; the engine's defaults unless a game has its own style.
    ///   - flatLayout: split at a flat fold (the default) or lay out one view across it.
    public init(
        elements: [HUDElement], in context: LayoutContext, rules: HUDLayoutRules = .standard,
        flatLayout: HUDFlatLayout = .split
    ) {
        var seen = Set<String>()
        let unique = elements.filter { seen.insert($0.id).inserted }
        let scene = SceneSplit(context: context, rules: rules, flatLayout: flatLayout)
        let layouter = PaneLayouter(rules: rules, prefersEvenColumns: scene.hasDivision)
        let decision = Self.decide(unique, scene: scene, layouter: layouter)

        var placements: [Placement] = []
        var plans: [PanePlan] = []
        for (index, pane) in scene.panes.enumerated() {
            let content = decision.contents[index]
            plans.append(
                layouter.plan(
                    content, in: pane.contentFrame, arrangement: decision.arrangements[index],
                    columns: decision.columns[index], boardsLead: decision.boardsLead[index]))
        }
        let width = context.size.width
        let mirror = context.layoutDirection == .rightToLeft
        func physical(_ rect: Rect) -> Rect { mirror ? rect.mirroredHorizontally(inWidth: width) : rect }
        for element in unique {
            guard let index = decision.paneOf[element.id], let frame = plans[index].frames[element.id] else { continue }
            placements.append(Placement(id: element.id, anchor: element.anchor, frame: physical(frame), pane: scene.panes[index].role))
        }
        self.size = context.size
        self.layoutDirection = context.layoutDirection
        self.panes = scene.panes.map { HUDPane(role: $0.role, frame: physical($0.frame), contentFrame: physical($0.contentFrame)) }
        self.placements = placements
        self.hiddenElements = unique.filter { decision.hidden.contains($0.id) }.map(\.id)
    }

    // MARK: - Deciding which panel holds what

    private struct Decision {
        var contents: [PaneContent]
        var arrangements: [PaneArrangement]
        var columns: [[HUDAnchor: Int]]
        var boardsLead: [Bool]
        var paneOf: [String: Int]
        var hidden: Set<String>
    }

    /// Tries every way of giving each role group a panel (and of hiding
    /// optional boards), judged on the panels as they will be once folded,
    /// and keeps the best: nothing below its minimum, then roles on their
    /// preferred side, then nothing hidden, then the biggest boards.
    private static func decide(_ elements: [HUDElement], scene: SceneSplit, layouter: PaneLayouter) -> Decision {
        let anchors = HUDAnchor.allCases.filter { anchor in elements.contains { $0.anchor == anchor } }
        let optional = elements.filter { $0.isOptional }.map(\.id)
        let paneCount = scene.panes.count

        // Every candidate with its cost before any layout: (assignment code, hidden mask, preference, hidden count).
        var candidates: [(assignment: Int, hiddenMask: Int, preference: Double, hiddenCount: Int)] = []
        let assignmentCount = paneCount > 1 ? 1 << anchors.count : 1
        for assignment in 0..<assignmentCount {
            var preference = 0.0
            for (bit, anchor) in anchors.enumerated() where paneCount > 1 {
                let pane = (assignment >> bit) & 1
                // Moving a strip off its side is worse than moving a board.
                if pane != anchor.preferredPaneSide { preference += anchor.isStrip ? 3 : 1 }
            }
            for hiddenMask in 0..<(1 << optional.count) {
                candidates.append((assignment, hiddenMask, preference, hiddenMask.nonzeroBitCount))
            }
        }
        // Cheapest first: the first cost level with a candidate where everything
        // fits holds the answer, so the search usually ends after one layout.
        candidates.sort {
            ($0.preference, $0.hiddenCount, $0.assignment, $0.hiddenMask) < ($1.preference, $1.hiddenCount, $1.assignment, $1.hiddenMask)
        }

        var best: (score: [Double], decision: Decision)?
        var index = 0
        while index < candidates.count {
            let level = (candidates[index].preference, candidates[index].hiddenCount)
            while index < candidates.count, (candidates[index].preference, candidates[index].hiddenCount) == level {
                let candidate = candidates[index]
                index += 1
                let hidden = Set(optional.enumerated().filter { candidate.hiddenMask & (1 << $0.offset) != 0 }.map(\.element))
                var paneOfAnchor: [HUDAnchor: Int] = [:]
                for (bit, anchor) in anchors.enumerated() {
                    paneOfAnchor[anchor] = paneCount > 1 ? (candidate.assignment >> bit) & 1 : 0
                }
                var contents = [PaneContent](repeating: PaneContent(), count: paneCount)
                var paneOf: [String: Int] = [:]
                for element in elements where !hidden.contains(element.id) {
                    let pane = paneOfAnchor[element.anchor] ?? 0
                    paneOf[element.id] = pane
                    switch element.anchor {
                    case .status: contents[pane].status.append(element)
                    case .controls: contents[pane].controls.append(element)
                    case .primaryBoard:
                        let primaries = contents[pane].boards.filter { $0.anchor == .primaryBoard }.count
                        contents[pane].boards.insert(element, at: primaries)
                    case .secondaryBoard: contents[pane].boards.append(element)
                    }
                }
                var shortfall = 0.0
                var primary = 0.0
                var secondary = 0.0
                var arrangements: [PaneArrangement] = []
                var columns: [[HUDAnchor: Int]] = []
                var boardsLead: [Bool] = []
                for pane in 0..<paneCount {
                    let plan = layouter.plan(contents[pane], in: scene.panes[pane].decisionFrame)
                    shortfall += plan.shortfall
                    primary = max(primary, plan.primarySide)
                    secondary = max(secondary, plan.secondarySide)
                    arrangements.append(plan.arrangement)
                    columns.append(plan.stripColumns)
                    boardsLead.append(plan.boardsLead)
                }
                // Shortfall in whole points, so rounding noise never decides.
                let score = [shortfall.rounded(), candidate.preference, Double(candidate.hiddenCount), -primary.rounded(), -secondary.rounded()]
                if best == nil || score.lexicographicallyPrecedes(best!.score) {
                    let decision = Decision(
                        contents: contents, arrangements: arrangements, columns: columns, boardsLead: boardsLead, paneOf: paneOf,
                        hidden: hidden)
                    best = (score, decision)
                }
            }
            if let best, best.score[0] == 0 { break }
        }
        return best?.decision
            ?? Decision(
                contents: [PaneContent](repeating: PaneContent(), count: paneCount),
                arrangements: [PaneArrangement](repeating: .stacked, count: paneCount),
                columns: [[HUDAnchor: Int]](repeating: [:], count: paneCount),
                boardsLead: [Bool](repeating: false, count: paneCount), paneOf: [:], hidden: [])
    }
}

/// The scene cut into panels at the fold, in leading-based coordinates.
struct SceneSplit {
    struct Pane {
        var role: HUDPane.Role
        /// From the scene edge to the fold.
        var frame: Rect
        /// Inside padding and gutters, clear of active occlusions.
        var contentFrame: Rect
        /// The content frame as it will be once folded (flat folds only differ): decisions use it.
        var decisionFrame: Rect
    }

    var panes: [Pane] = []
    /// Whether the scene has a division, active or not.
    var hasDivision = false

    init(context: LayoutContext, rules: HUDLayoutRules, flatLayout: HUDFlatLayout) {
        let size = context.size
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let occlusions = context.reservedRegions(kind: .occlusion).map(\.frame)
        // A single-view screen sees only an active fold; a split one sees a flat fold too.
        let options: ReservedRegion.QueryOptions = flatLayout == .singleView ? [] : .includeInactive
        let division = context.reservedRegions(kind: .division, options: options).first
        hasDivision = division != nil
        let padding = rules.edgePadding

        func content(_ frame: Rect, foldSide: Edge?, gutter: Double) -> Rect {
            var insets = EdgeInsets(all: padding)
            switch foldSide {
            case .top?: insets.top = gutter
            case .bottom?: insets.bottom = gutter
            case .leading?: insets.leading = gutter
            case .trailing?: insets.trailing = gutter
            case nil: break
            }
            return FreeRectangle.largest(in: frame.inset(by: insets), avoiding: occlusions)
        }

        guard let division else {
            let inner = content(bounds, foldSide: nil, gutter: 0)
            panes = [Pane(role: .whole, frame: bounds, contentFrame: inner, decisionFrame: inner)]
            return
        }
        let band = division.frame
        let isHorizontal = band.width > band.height
        let gutter = division.isActive ? rules.activeFoldGutter : rules.inactiveFoldGutter
        // While flat, decide as if the fold already took its allowance on each side.
        let decisionGutter = division.isActive ? gutter : max(gutter, rules.foldAllowance)
        let first: Rect
        let second: Rect
        if isHorizontal {
            first = Rect(x: 0, y: 0, width: size.width, height: max(0, min(size.height, band.minY)))
            let top = max(0, band.maxY)
            second = Rect(x: 0, y: top, width: size.width, height: max(0, size.height - top))
        } else {
            first = Rect(x: 0, y: 0, width: max(0, min(size.width, band.minX)), height: size.height)
            let left = max(0, band.maxX)
            second = Rect(x: left, y: 0, width: max(0, size.width - left), height: size.height)
        }
        let roles: (HUDPane.Role, HUDPane.Role) = isHorizontal ? (.upper, .lower) : (.leading, .trailing)
        let sides: (Edge, Edge) = isHorizontal ? (.bottom, .top) : (.trailing, .leading)
        for (frame, role, side) in [(first, roles.0, sides.0), (second, roles.1, sides.1)] {
            // A fold at the very edge of a subview leaves one panel: skip the empty one.
            guard !frame.isEmpty else { continue }
            panes.append(
                Pane(
                    role: role, frame: frame,
                    contentFrame: content(frame, foldSide: side, gutter: gutter),
                    decisionFrame: content(frame, foldSide: side, gutter: decisionGutter)))
        }
        if panes.isEmpty {
            let inner = content(bounds, foldSide: nil, gutter: 0)
            panes = [Pane(role: .whole, frame: bounds, contentFrame: inner, decisionFrame: inner)]
        }
    }

    enum Edge { case top, bottom, leading, trailing }
}
