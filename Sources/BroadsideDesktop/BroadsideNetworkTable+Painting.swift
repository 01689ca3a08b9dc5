import Broadside
import DuoDesktop
import DuoPlatform
import TabletopEngine

/// Broadside at the desktop: its screens, its painter, its keys and its
/// clicks (which act on mouse-down: a cell of the primary board, or a
/// control; the pointer previews placements and aim, see
/// `BroadsideNetworkTable+Pointer.swift`).
extension BroadsideNetworkTable {
    /// `Broadside`.
    public var title: String { "Broadside" }

    /// The screen of the moment of play in the scene (the closed display's without the fuller declaration).
    public func screen(in context: LayoutContext, session: SeatSession) -> HUDScreen { screen(session, in: context) }

    /// Broadside's lines of the hotkey help.
    public var hotkeys: [Hotkey] { BroadsideKeys.hotkeys }

    /// The sea: darker on the upright panel.
    public var panelColors: (flat: RGBAColor, upright: RGBAColor) { (Palette.flatSea, Palette.uprightSea) }

    /// A sea: the glare over a swell.
    public var hingeEffectStyle: HingeEffectStyle { .glareOverSwell }

    /// Draws the boards, status, dock and buttons (the engine draws the news, notices and banner).
    public func paint(on canvas: Canvas, layout: HUDLayout, context: LayoutContext, effect: HingeEffect.Visual?, session: SeatSession) {
        BroadsidePainter(canvas: canvas, table: self, session: session, layout: layout).draw()
    }

    /// The banner goes over the board looked at, never the one aimed at.
    public func bannerFrame(in layout: HUDLayout) -> Rect? {
        typealias ID = BroadsideHUD.ElementID
        return layout.frame(of: ID.secondaryBoard) ?? layout.frame(of: ID.primaryOverview) ?? layout.frame(of: ID.primaryBoard)
    }

    /// Previews the cell under the pointer.
    public mutating func pointerMoved(to point: Point?, layout: HUDLayout, session: SeatSession) {
        _ = handle(.hover(point.flatMap { boardCell(at: $0, layout: layout) }), session: session)
    }

    /// A cell of the primary board, or a control.
    public mutating func pointerPressed(at point: Point, layout: HUDLayout, session: SeatSession) -> [BroadsideMove] {
        guard let input = input(pressedAt: point, layout: layout) else { return [] }
        return apply(input, session: session)
    }

    /// Rotate, auto-place, clear, the other rows.
    public mutating func perform(_ command: DesktopCommand, session: SeatSession) -> [BroadsideMove] {
        guard let input = BroadsideInput(command) else { return [] }
        return apply(input, session: session)
    }
}
