import Foundation

/// Where two people sit at one standing device, each before their own inner
/// half: derived from the body's geometry (the camera model's
/// ``HingeGeometry``), never drawn by hand.
///
/// Each inner half faces along its surface normal (`coverInner`, `baseInner`);
/// a person sees a half square on from the way it faces. The halves can give
/// two people a view each only when they face apart, more than 90 degrees from
/// each other (the hinge below 90, a tent: at 80 degrees they face 100 degrees
/// apart), the fold runs down the scene between them at its middle (a fold
/// moved off the middle would give one player less of the display than the
/// other: halves within a point of each other's width), and the world's up is the
/// top of each half's scene (so each viewer reads their half upright and
/// unmirrored as the scene draws it). Otherwise there is no seating and a
/// two-seat game falls back to passing the device.
///
/// Player 0 (`Player 1`, a game's first seat) takes the half on the scene's
/// left, player 1 the right. A game that seats them so lays each one's view
/// out in its half's own context (``halfContexts(in:)``): the layout of a
/// half never sees the hinge, only whether the device stands so.
public struct TentSeating: Sendable, Equatable {
    /// One person's place: the half before them and the way it faces.
    public struct Place: Sendable, Equatable {
        /// The player sitting here: 0 (the left half) or 1.
        public var player: Int
        /// The body half whose inner display they look at.
        public var half: FoldHalf
        /// The way the half faces (its unit normal in the base half's frame, docs/CAMERAS.md):
        /// the person sits out along it.
        public var facing: Vector
        /// Where the world's up lies in the half's scene (always `up` in a seating).
        public var worldUp: ImageDirection
    }

    /// A direction in the body's frame (x toward the base half's free edge, y up the fold in portrait, z out of its inner display).
    public struct Vector: Sendable, Equatable {
        /// Along the base half, toward its free edge.
        public var x: Double
        /// Along the fold.
        public var y: Double
        /// Out of the base half's inner display.
        public var z: Double
    }

    /// The two places, left half (seat 0) first.
    public let places: [Place]
    /// The scene's layout context the halves are cut from.
    public let context: LayoutContext
    /// The angle between the two halves' facings, in degrees (180 minus the hinge angle).
    public let degreesBetweenFacings: Double

    /// The seating of a device in `state`, or nil when its halves cannot give two people a view each.
    public init?(state: DeviceState) {
        guard state.display == .inner, state.hinge?.status == .partiallyOpen else { return nil }
        let context = state.layoutContext
        guard let halves = Self.halfFrames(in: context), abs(halves[0].width - halves[1].width) <= 1 else { return nil }
        let geometry = CameraGeometry(state: state)
        var places: [Place] = []
        for (index, frame) in halves.enumerated() {
            guard let placement = geometry.placement(of: CameraView(scene: .main, frame: frame)) else { return nil }
            let facing = geometry.body.facing(of: placement.surface)
            let up = geometry.worldUp(in: placement)
            guard up == .up else { return nil }
            places.append(Place(player: index, half: placement.half, facing: Vector(x: facing.x, y: facing.y, z: facing.z), worldUp: up))
        }
        guard places.count == 2, places[0].half != places[1].half else { return nil }
        let (a, b) = (places[0].facing, places[1].facing)
        let cosine = min(max(a.x * b.x + a.y * b.y + a.z * b.z, -1), 1)
        let degrees = acos(cosine) * 180 / .pi
        // Facing within 90 degrees of each other, both people would look at both halves (a book).
        guard degrees > 90 + 1e-9 else { return nil }
        self.places = places
        self.context = context
        self.degreesBetweenFacings = degrees
    }

    /// The place of player `index` (0 or 1).
    public func place(ofPlayer index: Int) -> Place { places[index] }

    /// The two halves of a scene split by an active vertical fold, left then
    /// right, each up to the fold's band (nil without one).
    /// - Parameter context: the scene's layout context.
    public static func halfFrames(in context: LayoutContext) -> [Rect]? {
        let folds = context.reservedRegions(kind: .division, layoutDirectionBehavior: .fixed)
        guard let fold = folds.first, fold.isActive, fold.frame.height > fold.frame.width else { return nil }
        let size = context.size
        let left = Rect(x: 0, y: 0, width: max(0, fold.frame.minX), height: size.height)
        let right = Rect(x: fold.frame.maxX, y: 0, width: max(0, size.width - fold.frame.maxX), height: size.height)
        guard left.width > 0, right.width > 0 else { return nil }
        return [left, right]
    }

    /// Each half's own layout context, left then right (nil without an active vertical fold):
    /// its size and the regions over it (a camera, the status area), no fold.
    /// - Parameter context: the scene's layout context.
    public static func halfContexts(in context: LayoutContext) -> [LayoutContext]? {
        halfFrames(in: context)?.map { context.context(for: $0, layoutDirectionBehavior: .fixed) }
    }

    /// Where each person sits, for the status line (`Player 1 at the left half, Player 2 at the right, facing 100° apart`).
    public var summary: String {
        "Player 1 at the left half, Player 2 at the right, facing \(Int(degreesBetweenFacings.rounded()))° apart"
    }
}
