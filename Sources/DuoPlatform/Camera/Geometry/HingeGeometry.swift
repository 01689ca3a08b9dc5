/// The simulated body at one hinge angle: where each surface faces, and
/// which way is up for each orientation.
///
/// Conventions (docs/CAMERAS.md has the pictures in words): everything is
/// expressed in the base half's frame, because the base half is the one
/// whose attitude the orientation names and it stays put as the device
/// opens and closes: x runs toward its free edge (right on the inner
/// display in portrait), y up along the fold in portrait, z out of the
/// inner display. The cover half is hinged on the base half's x = 0 edge
/// and turns about the y axis: at 180 deg it lies flat beside the base
/// half (toward -x), inner faces both looking at +z; at 0 deg it lies over
/// the base half's inner face, the outer display looking at +z. A
/// hingeless phone is the closed body (its hinge angle is 0).
public struct HingeGeometry: Hashable, Sendable {
    /// How far the cover half has turned from flat: 180 minus the hinge angle, in 0...180.
    let foldDegrees: Double

    /// The body with the hinge at `angle` (0 shut, 180 flat; clamped to that range).
    public init(hingeAngle: HingeAngle) {
        foldDegrees = 180 - min(max(hingeAngle.degrees, 0), 180)
    }

    /// The body of `state` (a hingeless phone is the closed body).
    public init(state: DeviceState) {
        self.init(hingeAngle: state.hingeAngle)
    }

    /// The body opened flat.
    public static let flat = HingeGeometry(hingeAngle: HingeAngle(degrees: 180))

    /// The frame of `surface`.
    func frame(of surface: DeviceSurface) -> SurfaceFrame {
        switch surface {
        case .baseInner:
            return SurfaceFrame(normal: .unitZ, up: .unitY, right: .unitX)
        case .rear:
            // Seen from behind, the viewer's right is the body's -x.
            return SurfaceFrame(normal: -.unitZ, up: .unitY, right: -.unitX)
        case .coverInner:
            return SurfaceFrame(normal: .unitZ, up: .unitY, right: .unitX).rotatedAboutHinge(degrees: foldDegrees)
        case .outerDisplay:
            return SurfaceFrame(normal: -.unitZ, up: .unitY, right: -.unitX).rotatedAboutHinge(degrees: foldDegrees)
        }
    }

    /// The way `surface` faces, as a unit vector in the base half's frame (x, y, z).
    public func facing(of surface: DeviceSurface) -> (x: Double, y: Double, z: Double) {
        let n = frame(of: surface).normal
        return (n.x, n.y, n.z)
    }

    /// Whether two surfaces face the same way: the angle between their
    /// facings is under 90 degrees (at exactly 90 they do not).
    public func faceSameWay(_ a: DeviceSurface, _ b: DeviceSurface) -> Bool {
        frame(of: a).normal.dot(frame(of: b).normal) > 1e-9
    }

    /// Up in the world, for a body held in `orientation`: the orientation
    /// names the base half's attitude (in `landscapeLeft` its free edge is up).
    static func worldUp(_ orientation: DeviceOrientation) -> Vector3 {
        switch orientation {
        case .portrait: .unitY
        case .portraitUpsideDown: -.unitY
        case .landscapeLeft: .unitX
        case .landscapeRight: -.unitX
        }
    }
}
