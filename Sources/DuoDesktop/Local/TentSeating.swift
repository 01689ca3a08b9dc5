import DuoPlatform
import Foundation
import TabletopEngine

/// Where two people sit at one standing device, each before their own inner
/// half: derived from the body's geometry (the camera model's
/// `HingeGeometry`), never drawn by hand.
///
/// Each inner half faces along its surface normal (`coverInner`, `baseInner`);
/// a person sees a half square on from the way it faces. The halves can give
/// two people a view each only when they face apart, more than 90 degrees from
/// each other (the hinge below 90, a tent: at 80 degrees they face 100 degrees
/// apart), the fold runs down the scene between them, and the world's up is the
/// top of each half's scene (so each viewer reads their half upright and
/// unmirrored as the scene draws it). Otherwise there is no seating and a
/// two-seat game falls back to passing the device.
///
/// Seat 0 (`Player 1`) takes the half on the scene's left, seat 1 the right.
public struct TentSeating: Sendable, Equatable {
    /// One person's place: the half before them and the way it faces.
    public struct Place: Sendable, Equatable {
        /// The seat sitting here.
        public var seat: Seat
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
        guard let halves = Self.halfFrames(in: context) else { return nil }
        let geometry = CameraGeometry(state: state)
        var places: [Place] = []
        for (index, frame) in halves.enumerated() {
            guard let seat = Seat(index: index), let placement = geometry.placement(of: CameraView(scene: .main, frame: frame)) else {
                return nil
            }
            let facing = geometry.body.facing(of: placement.surface)
            let up = geometry.worldUp(in: placement)
            guard up == .up else { return nil }
            places.append(Place(seat: seat, half: placement.half, facing: Vector(x: facing.x, y: facing.y, z: facing.z), worldUp: up))
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

    /// The place of `seat`.
    public func place(of seat: Seat) -> Place { places[seat.index] }

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

    /// Where each person sits, for the status line (`Player 1 at the left half, Player 2 at the right, facing 100° apart`).
    public var summary: String {
        "Player 1 at the left half, Player 2 at the right, facing \(Int(degreesBetweenFacings.rounded()))° apart"
    }
}
