import DuoPlatform
import TabletopEngine

/// Broadside's HUD, declared by role for the engine's fold-aware layout
/// helper: one ``HUDScreen`` per moment of play. No positions here: the
/// helper puts turn and score on the upright half and the board fired at and
/// the buttons on the flat half, whatever the device does.
///
/// Where the flat half of a tabletop fold is too short for the whole board
/// at the minimum cell size (the fold moved towards it: at fold 0.25 the
/// flat half is about 200 pt tall and ten rows of 30 pt cells need 321), the
/// placement and battle screens fall back to a band: the flat half holds
/// half the board's rows at full touch size (36 pt on the `duo`) with a
/// control that shows the other half, and the upright half shows the whole
/// board to look at, the band outlined on it. Half the rows, not a sliding
/// window: every cell is then one tap away at most, and the player aims
/// from the overview without counting how far a window has moved.
public struct BroadsideHUD: Sendable, Equatable {
    /// The moments of play, each with its own screen.
    public enum Moment: String, Sendable, Hashable, CaseIterable {
        /// Hiding the fleet: the own board is the board acted on.
        case placement
        /// Firing: the opponent's board is acted on, the own fleet looked at.
        case battle
        /// A fleet is sunk: both boards revealed.
        case gameOver
    }

    /// Element ids, shared by the layout, the painter and the input mapping.
    public enum ElementID {
        /// Whose turn it is, or what to do now.
        public static let turn = "turn"
        /// Ships afloat and shots fired on each side, and the session's wins.
        public static let score = "score"
        /// The latest news: hits, misses, ships sunk.
        public static let news = "news"
        /// The board acted on: the target grid in battle, the own grid while placing.
        public static let primaryBoard = "primary-board"
        /// The board looked at: the own fleet in battle, the opponent's revealed fleet at the end.
        public static let secondaryBoard = "secondary-board"
        /// Half the rows of the board acted on, at full touch size, on the flat
        /// half when the whole board does not fit there (see ``BroadsideHUD/bandRows(_:)``).
        public static let primaryBand = "primary-band"
        /// The whole board acted on, to look at, on the upright half while the band is shown.
        public static let primaryOverview = "primary-overview"
        /// Show the band of rows not shown.
        public static let otherRows = "other-rows"
        /// The ships still to place.
        public static let dock = "dock"
        /// Turn the ship being placed.
        public static let rotate = "rotate"
        /// Place the rest of the fleet at random.
        public static let autoPlace = "auto-place"
        /// Take back every ship placed.
        public static let clear = "clear"
        /// Start a new match.
        public static let newGame = "new-game"
        /// Show or hide the help.
        public static let help = "help"
    }

    /// The rules data the HUD is declared for.
    public let rules: BroadsideRules
    /// The board size, from the rules data.
    public let rows: Int
    /// The board size, from the rules data.
    public let columns: Int

    /// The smallest acceptable board cell in points: below the 44-pt button
    /// guideline, as phone board games commonly are (a 10 x 10 grid at 44 pt
    /// would not fit a phone's width), but never smaller than a fingertip.
    public static let minimumCellSide = 30.0
    /// The smallest own-fleet board worth showing (view only, so cells may be small).
    public static let minimumSecondarySide = 110.0
    /// The news log's height in points: the newest events, a few lines each.
    public static let newsHeight = 110.0
    /// The news log's height where the whole table must fit a small scene
    /// (a tent half, the closed display): the two newest events, a line each,
    /// so that the own fleet fits beside the board fired at.
    public static let tightNewsHeight = 64.0
    /// The news log's height beside a notice strip (a networked table's): the newest event, two lines.
    public static let compactNewsHeight = 56.0
    /// The row and column labels take this many cells along the top and leading edges.
    public static let labelCells = 0.7

    /// The HUD for a variant's board.
    public init(rules: BroadsideRules) {
        self.rules = rules
        rows = rules.board.rows
        columns = rules.board.columns
    }

    /// The touch grid of a board (labels included).
    public var grid: HUDElement.TouchGrid {
        HUDElement.TouchGrid(columns: columns, rows: rows, minimumCellSide: Self.minimumCellSide, labelCells: Self.labelCells)
    }

    /// The rows of the band, half the board's (rounded up).
    public var bandRowCount: Int { (rows + 1) / 2 }

    /// The touch grid of the band: every column, ``bandRowCount`` rows.
    public var bandGrid: HUDElement.TouchGrid {
        HUDElement.TouchGrid(columns: columns, rows: bandRowCount, minimumCellSide: Self.minimumCellSide, labelCells: Self.labelCells)
    }

    /// How many bands there are: the upper rows and the lower rows (one for a single-row board).
    public var bandCount: Int { rows > bandRowCount ? 2 : 1 }

    /// The board rows band `band` shows: the upper half for 0, the lower half
    /// for 1 (the two share the middle row of an odd board). Out-of-range bands are clamped.
    public func bandRows(_ band: Int) -> Range<Int> {
        let first = min(max(0, band), bandCount - 1) == 0 ? 0 : rows - bandRowCount
        return first..<(first + bandRowCount)
    }

    /// The band the other-rows control shows after `band`: the other half (itself on a one-band board).
    public func otherBand(than band: Int) -> Int {
        bandCount > 1 && bandRows(band).lowerBound == 0 ? 1 : 0
    }

    /// The band of rows that holds `row` (the upper one for a shared middle row).
    public func band(holding row: Int) -> Int {
        bandRows(0).contains(row) ? 0 : bandCount - 1
    }

    /// The screen of a moment.
    public func screen(_ moment: Moment) -> HUDScreen {
        let screen = screen(moment, newsHeight: Self.newsHeight)
        // Where the board looked at is hidden for lack of room (a tent half), the same with a smaller news box.
        let tight = self.screen(moment, newsHeight: Self.tightNewsHeight)
        return HUDScreen(
            name: screen.name, elements: screen.elements, fallbacks: screen.fallbacks,
            fullerDeclarations: moment == .placement ? [] : [tight.elements])
    }

    /// The screen of a moment as shown in a scene: on the closed (outer)
    /// display without the fuller declaration, so that its news box keeps its
    /// height and its frame its cost (the own fleet shows there only where it fits beside the taller box).
    public func screen(_ moment: Moment, in context: LayoutContext) -> HUDScreen {
        var screen = screen(moment)
        if context.display == .outer { screen.fullerDeclarations = [] }
        return screen
    }

    private func screen(_ moment: Moment, newsHeight: Double) -> HUDScreen {
        let grid = self.grid
        let board = grid.minimumCellSide * (Double(max(rows, columns)) + grid.labelCells)
        let status: [HUDElement] = [
            .status(ElementID.turn, height: 56, minimumWidth: 150),
            .status(ElementID.score, height: 56, minimumWidth: 150),
            // The news log: the latest events, several lines of them (older ones a scroll away).
            .status(ElementID.news, height: newsHeight, minimumWidth: 150),
        ]
        let primary = HUDElement.board(
            ElementID.primaryBoard, anchor: .primaryBoard, aspectRatio: grid.aspectRatio, minimumSide: board, touchGrid: grid)
        // The band's shorter side is its height: its rows at the minimum cell, with the labels.
        let band = HUDElement.board(
            ElementID.primaryBand, anchor: .primaryBoard, aspectRatio: bandGrid.aspectRatio,
            minimumSide: bandGrid.minimumCellSide * (Double(bandGrid.rows) + bandGrid.labelCells), touchGrid: bandGrid)
        let overview = HUDElement.board(
            ElementID.primaryOverview, anchor: .secondaryBoard, aspectRatio: grid.aspectRatio,
            minimumSide: Self.minimumSecondarySide, isInteractive: false, isOptional: true)
        let secondary = HUDElement.board(
            ElementID.secondaryBoard, anchor: .secondaryBoard, aspectRatio: grid.aspectRatio,
            minimumSide: Self.minimumSecondarySide, isInteractive: false, isOptional: true)
        var elements = status
        // The band declaration, tried where the whole board cannot keep the rules (off the flat half in tabletop).
        var banded: [HUDElement]?
        switch moment {
        case .placement:
            // The dock lists the fleet: it needs a line per ship and no more.
            let dockHeight = 34 + 30 * Double(rules.fleet.count)
            let dock = HUDElement.board(
                ElementID.dock, anchor: .secondaryBoard, aspectRatio: 1.6, minimumSide: 110,
                maximumSide: dockHeight, isInteractive: false, isOptional: true)
            let controls: [HUDElement] = [.control(ElementID.rotate), .control(ElementID.autoPlace), .control(ElementID.clear)]
            elements += [primary, dock] + controls
            if bandCount > 1 { banded = status + [overview, dock, band] + controls + [.control(ElementID.otherRows)] }
        case .battle:
            let controls: [HUDElement] = [.control(ElementID.newGame), .control(ElementID.help)]
            elements += [primary, secondary] + controls
            if bandCount > 1 { banded = status + [overview, secondary, band, .control(ElementID.otherRows)] + controls }
        case .gameOver:
            // Both fleets revealed, to look at: nothing on the boards is touched any more.
            var final = primary
            final.isInteractive = false
            elements += [final, secondary, .control(ElementID.newGame), .control(ElementID.help)]
        }
        return HUDScreen(name: moment.rawValue, elements: elements, fallbacks: banded.map { [$0] } ?? [])
    }

    /// The screen a person playing seat 0 against a bot sees in `state`
    /// (what headless posture checks lay out at each step of a match).
    public func screen(for state: BroadsideState) -> HUDScreen {
        screen(Self.moment(of: state))
    }

    /// The same in a scene (``screen(_:in:)``).
    public func screen(for state: BroadsideState, in context: LayoutContext) -> HUDScreen {
        screen(Self.moment(of: state), in: context)
    }

    private static func moment(of state: BroadsideState) -> Moment {
        switch state.phase {
        case .placing: return .placement
        case .battle: return .battle
        case .over: return .gameOver
        }
    }

    /// Every screen the game can show: what `duo lint` and headless posture checks lay out.
    public var allScreens: [HUDScreen] {
        Moment.allCases.map { screen($0) }
    }
}
