import DuoPlatform
import TabletopEngine

/// Two people at a standing device, each on their own inner half (``LocalMatchGame/seatsOnTentHalves``):
/// each seat's table laid out in its half's own layout context and painted
/// there, pointer events taken to the half they fall on.
extension LocalMatchGame {
    /// One seat's half of the scene: where it is and its table's HUD laid out in it.
    public struct Half {
        /// The seat playing on it.
        public var seat: Seat
        /// Its frame in scene points (up to the fold's band).
        public var frame: Rect
        /// Its own layout context: its size, the regions over it (the camera, the status area), no fold.
        public var context: LayoutContext
        /// The seat's table's HUD laid out in ``context``, in the half's own points (origin at its corner).
        public var layout: HUDLayout

        /// A scene point in the half's own points.
        public func local(_ point: Point) -> Point { Point(x: point.x - frame.minX, y: point.y - frame.minY) }
    }

    /// The scene's screen while each seat lays out its own half: nothing across the whole scene.
    static var seatsOnHalvesScreen: HUDScreen { HUDScreen(name: "seats-on-halves", elements: []) }

    /// Each seat's half of the scene (the seating's), seat 0 (left) first; empty unless each seat has its own half.
    /// Each half's layout is kept until its context or its table's screen changes.
    public var halves: [Half] {
        guard let context = seating?.context, seats.count == 2, let frames = TentSeating.halfFrames(in: context) else { return [] }
        return zip(seats.indices, frames).map { index, frame in
            let halfContext = context.context(for: frame, layoutDirectionBehavior: .fixed)
            let screen = seats[index].screen(in: halfContext)
            let layout: HUDLayout
            if let cached = halfLayouts[index], cached.context == halfContext, cached.screen == screen {
                layout = cached.layout
            } else {
                layout = screen.layout(in: halfContext)
                halfLayouts[index] = (halfContext, screen, layout)
            }
            return Half(seat: Seat(index: index) ?? .first, frame: frame, context: halfContext, layout: layout)
        }
    }

    /// Whether each seat has its own half now.
    public var isShowingSeatsOnHalves: Bool { seating != nil }

    /// Follows the device: each seat takes its half when the tent seats two
    /// (the privacy screen comes down: each sees only their own half); on
    /// leaving the tent, the device goes to the seat to move behind the privacy screen.
    public func seat(_ seating: TentSeating?) {
        let next = seatsOnTentHalves && seats.count > 1 ? seating : nil
        guard next != self.seating else { return }
        let wasSeated = self.seating != nil
        self.seating = next
        handOverIn = nil
        hoveredSeat = nil
        pressedSeat = nil
        if next != nil {
            isPrivacyScreenUp = false
        } else if wasSeated {
            // Both people could see their own half: whoever takes the device now must be asked to.
            holder = host.seatsToMove.seats.first ?? focus
            isPrivacyScreenUp = hidesSeats
            handOverIfDue()
        }
    }

    /// The element under a scene point in the half it falls on (in scene points), or the session's layout's.
    public func element(at point: Point, layout: HUDLayout) -> HUDLayout.Placement? {
        guard seating != nil else { return layout.element(at: point) }
        guard let half = half(at: point), var placement = half.layout.element(at: half.local(point)) else { return nil }
        placement.frame = placement.frame.offsetBy(dx: half.frame.minX, dy: half.frame.minY)
        return placement
    }

    /// The half under a scene point.
    func half(at point: Point) -> Half? {
        halves.first { $0.frame.contains(point) }
    }

    func paintHalves(on canvas: Canvas, effect: HingeEffect.Visual?) {
        let transform = canvas.transform
        defer { canvas.transform = transform }
        for half in halves {
            canvas.transform = CanvasTransform(
                scale: transform.scale, offsetX: transform.offsetX + half.frame.minX * transform.scale,
                offsetY: transform.offsetY + half.frame.minY * transform.scale)
            seats[half.seat.index].paint(on: canvas, layout: half.layout, context: half.context, effect: effect)
        }
    }

    func moveOnHalves(to point: Point?, layout: HUDLayout) {
        let half = point.flatMap { self.half(at: $0) }
        if let hoveredSeat, hoveredSeat != half?.seat {
            seats[hoveredSeat.index].pointerMoved(to: nil, layout: layoutOfHalf(hoveredSeat, in: layout))
        }
        hoveredSeat = half?.seat
        guard let half, let point else { return }
        focus = half.seat
        seats[half.seat.index].pointerMoved(to: half.local(point), layout: half.layout)
    }

    func pressOnHalves(at point: Point, layout: HUDLayout) {
        guard let half = half(at: point) else { return }
        focus = half.seat
        pressedSeat = half.seat
        if half.layout.element(at: half.local(point))?.id == DesktopElementID.newGame { return startNextMatch() }
        seats[half.seat.index].pointerPressed(at: half.local(point), layout: half.layout)
        takeAnswers()
    }

    func releaseOnHalves(at point: Point?, layout: HUDLayout) {
        // The release goes to the half the press was on, wherever it comes up (a golf stroke dragged off the half).
        guard let seat = pressedSeat else { return }
        pressedSeat = nil
        guard let half = halves.first(where: { $0.seat == seat }) else { return }
        seats[seat.index].pointerReleased(at: point.map { half.local($0) }, layout: half.layout)
        takeAnswers()
    }

    private func layoutOfHalf(_ seat: Seat, in layout: HUDLayout) -> HUDLayout {
        halves.first { $0.seat == seat }?.layout ?? layout
    }
}
