import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// A Broadside game as the desktop table shows and plays it: everything the
/// painter draws and the session lays out, and what input and time do to
/// it: the seam between the table's presentation and its play. The table
/// (``BroadsideNetworkTable``) shows the seat views its match's host sends
/// (a server, or `LocalMatchHost` on this device) and asks it for moves,
/// so nothing secret of the other seat is ever here to draw. A value with
/// no SDL and no I/O in it.
public protocol BroadsideTableModel: Sendable {
    /// The rules variant.
    var game: Broadside { get }
    /// The HUD declaration for this variant and mode.
    var hud: BroadsideHUD { get }
    /// The moment of play the viewer's screen shows.
    var moment: BroadsideHUD.Moment { get }
    /// The HUD screen to lay out now.
    var screen: HUDScreen { get }
    /// What the viewer may see (nothing secret of the other seat).
    var view: BroadsideSeatView { get }
    /// Whose screen is showing.
    var viewer: Seat { get }
    /// One line for the turn cell.
    var turnText: String { get }
    /// The score cell's parts.
    var scoreParts: [String] { get }
    /// The news log and the banner.
    var feed: NewsFeed { get }
    /// The notice strip's content, if the table shows one (see ``TableNotice``).
    var notice: TableNotice? { get }
    /// Which way the next ship is placed.
    var heading: Heading { get }
    /// The cell under the pointer on the primary board.
    var hoverCell: Cell? { get }
    /// Which band of the board's rows the flat half shows while only a band
    /// fits there (``BroadsideHUD/bandRows(_:)``: 0 the upper rows, 1 the
    /// lower); unused while the whole board shows. Presentation only, the
    /// same for a local and a networked match.
    var shownBand: Int { get set }
    /// The ship placed next, while placing.
    var shipToPlace: Int? { get }
    /// The cells the next ship would cover at the hover cell, and whether it may go there.
    var placementPreview: (cells: [Cell], isLegal: Bool)? { get }
    /// The colour each seat's ships are drawn in (both ``Palette/ship`` unless a table chooses).
    var shipColors: SeatPair<RGBAColor> { get }
    /// What a seat is called on screen.
    func name(of seat: Seat) -> String
    /// Whether the turn cell is lit: the viewer may fire now.
    var isViewerFiring: Bool { get }

    /// Does what an input asks.
    mutating func handle(_ input: BroadsideInput)
    /// Lets time pass (a local bot moves).
    mutating func advance(by seconds: Double)
    /// Scrolls the news log (positive: towards older news).
    mutating func scrollNews(by steps: Int)
    /// Takes the banner down; returns whether one was showing.
    mutating func dismissBanner() -> Bool
}

extension BroadsideTableModel {
    /// Both seats' ships in the palette's ship colour.
    public var shipColors: SeatPair<RGBAColor> { SeatPair(Palette.ship, Palette.ship) }

    /// The news, newest first.
    public var news: [String] { feed.lines }

    /// The banner showing, if any.
    public var banner: TableBanner? { feed.banner }

    /// The score on one line.
    public var scoreText: String { scoreParts.joined(separator: " · ") }

    /// Whether the turn cell is lit: the viewer's turn in battle.
    public var isViewerFiring: Bool { view.isMyTurn && moment == .battle }
}
