/// How a surface sits in the body at one hinge angle: the way it faces and
/// its own portrait axes as seen by someone looking at it.
struct SurfaceFrame: Hashable, Sendable {
    /// The unit normal out of the surface: the way it faces (and a camera on it looks).
    var normal: Vector3
    /// The surface's portrait "up", as seen from in front of it.
    var up: Vector3
    /// The surface's portrait "right", as seen from in front of it.
    var right: Vector3

    /// Turns every axis about the hinge by `degrees`.
    func rotatedAboutHinge(degrees: Double) -> SurfaceFrame {
        SurfaceFrame(
            normal: normal.rotatedAboutHinge(degrees: degrees),
            up: up.rotatedAboutHinge(degrees: degrees),
            right: right.rotatedAboutHinge(degrees: degrees)
        )
    }

    /// The up and right axes of a scene shown on this surface in `orientation`
    /// (the mapping of docs/SPEC.md section 1: in `landscapeLeft` the portrait right edge is on top).
    func sceneAxes(_ orientation: DeviceOrientation) -> (up: Vector3, right: Vector3) {
        switch orientation {
        case .portrait: (up, right)
        case .portraitUpsideDown: (-up, -right)
        case .landscapeLeft: (right, -up)
        case .landscapeRight: (-right, up)
        }
    }

    /// The up and right axes of a photo taken by a camera on this surface,
    /// held upright in portrait, unmirrored: what someone standing behind
    /// the camera and looking where it looks sees. Its right is the surface
    /// viewer's left.
    var photoAxes: (up: Vector3, right: Vector3) {
        (up, normal.cross(up))
    }

    /// Where `vector` (a unit vector) points in an image whose axes are
    /// `axes`, or nil when its part in the image's plane is shorter than
    /// `minimum` (it points too nearly straight into or out of the image).
    static func direction(of vector: Vector3, in axes: (up: Vector3, right: Vector3), minimum: Double = 1e-9) -> ImageDirection? {
        let u = vector.dot(axes.up)
        let r = vector.dot(axes.right)
        guard (u * u + r * r).squareRoot() >= minimum else { return nil }
        if abs(u) >= abs(r) { return u > 0 ? .up : .down }
        return r > 0 ? .right : .left
    }
}
