/// The pure rules of the simulated cameras for one device state: which
/// display a view is on, which way each camera faces relative to it, and
/// the quarter turns that level its images. Every coordinator is a thin
/// observer around these functions.
///
/// "Up" for a captured image is the world's up (``HingeGeometry``: the
/// orientation names the base half's attitude). "Up" for a preview is the
/// world's up as it appears on the view's display, in its scene's
/// coordinates. A camera or display within 30 degrees of looking straight
/// up or down (only the cover half can, in landscape, near 90 degrees) has
/// no usable horizon, like a phone lying face up: it is levelled as it
/// would be with the device opened flat.
public struct CameraGeometry: Hashable, Sendable {
    /// The device state the rules are applied to.
    public let state: DeviceState
    /// The body at the state's hinge angle.
    public let body: HingeGeometry

    /// The shortest part of the world's up in a surface's plane that still
    /// gives a horizon: sin 30 degrees.
    static let horizonThreshold = 0.5

    /// The rules for `state`.
    public init(state: DeviceState) {
        self.state = state
        self.body = HingeGeometry(state: state)
    }

    // MARK: - Displays and views

    /// The display showing `scene`, or nil when the device has no such display.
    public func display(of scene: CameraView.Scene) -> DisplayKind? {
        switch scene {
        case .main: state.display
        case .outerDisplay: state.profile.displays[.outer] == nil ? nil : .outer
        }
    }

    /// How the scene on `display` is turned. The display in use turns with
    /// the device (docs/SPEC.md section 1). The outer display while the device is open faces
    /// the other way from the inner one, so it takes the quarter turn that
    /// keeps it level for whoever looks at it: what is `landscapeLeft` for
    /// the inner display is `landscapeRight` for it once the hinge passes 90 degrees.
    public func sceneOrientation(of display: DisplayKind) -> DeviceOrientation {
        if display == state.display { return state.orientation }
        let up = HingeGeometry.worldUp(state.orientation)
        let axes = body.frame(of: .outerDisplay)
        let flat = HingeGeometry.flat.frame(of: .outerDisplay)
        let direction =
            SurfaceFrame.direction(of: up, in: (axes.up, axes.right), minimum: Self.horizonThreshold)
            ?? SurfaceFrame.direction(of: up, in: (flat.up, flat.right))
            ?? .up
        switch direction {
        case .up: return .portrait
        case .right: return .landscapeLeft
        case .down: return .portraitUpsideDown
        case .left: return .landscapeRight
        }
    }

    /// The size of the scene on `display` (its portrait size turned by its scene orientation).
    public func sceneSize(of display: DisplayKind) -> Size {
        let portrait = state.profile.displays[display]?.portraitSize ?? .zero
        return sceneOrientation(of: display).displaySize(portrait: portrait)
    }

    /// Where `view` is now, or nil when its display does not exist on this device.
    public func placement(of view: CameraView) -> CameraViewPlacement? {
        guard let display = display(of: view.scene) else { return nil }
        let orientation = sceneOrientation(of: display)
        let size = sceneSize(of: display)
        let frame = view.frame ?? Rect(size: size)
        let surface: DeviceSurface = display == .outer ? .outerDisplay : .inner(half(of: frame, orientation: orientation))
        return CameraViewPlacement(
            scene: view.scene, display: display, surface: surface,
            sceneOrientation: orientation, sceneSize: size, frame: frame
        )
    }

    /// The half of the inner display holding most of `frame` (a frame in the
    /// inner scene turned by `orientation`); an even split is the base half's.
    private func half(of frame: Rect, orientation: DeviceOrientation) -> FoldHalf {
        guard let inner = state.profile.displays[.inner] else { return .base }
        let portrait = orientation.unmap(frame, portraitSize: inner.portraitSize)
        let line = state.foldPosition * inner.width
        let coverWidth = min(max(line - portrait.minX, 0), portrait.width)
        let baseWidth = portrait.width - coverWidth
        return coverWidth > baseWidth ? .cover : .base
    }

    // MARK: - Direction

    /// Whether a camera mounted at `mount` is covered by the body: a camera
    /// under the inner display while the device is closed.
    public func isCovered(_ mount: CameraMount) -> Bool {
        mount.isUnderInnerDisplay && state.display != .inner
    }

    /// Which way a camera at `mount` faces relative to the view at
    /// `placement`: forward when it faces within 90 degrees of the way the
    /// view's surface faces; nil when the camera is covered.
    public func facing(of mount: CameraMount, for placement: CameraViewPlacement) -> CameraFacing? {
        guard !isCovered(mount) else { return nil }
        return body.faceSameWay(mount.surface, placement.surface) ? .forward : .backward
    }

    // MARK: - Rotation

    /// Where the world's up lies in an unmirrored photo from a camera at
    /// `mount`, the photo held as the camera's surface is upright in portrait.
    public func worldUpInPhoto(of mount: CameraMount) -> ImageDirection {
        let up = HingeGeometry.worldUp(state.orientation)
        let frame = body.frame(of: mount.surface).photoAxes
        let flat = HingeGeometry.flat.frame(of: mount.surface).photoAxes
        return SurfaceFrame.direction(of: up, in: frame, minimum: Self.horizonThreshold)
            ?? SurfaceFrame.direction(of: up, in: flat) ?? .up
    }

    /// Where the world's up lies in the image the sensor delivers (before
    /// any compensation): the photo turned back by the sensor's orientation.
    public func worldUpInSensorImage(of mount: CameraMount, sensorOrientation: RotationAngle) -> ImageDirection {
        worldUpInPhoto(of: mount).rotated(by: sensorOrientation.inverse)
    }

    /// The clockwise turn of the sensor's image that puts the world's up on top.
    public func captureAngle(of mount: CameraMount, sensorOrientation: RotationAngle) -> RotationAngle {
        worldUpInSensorImage(of: mount, sensorOrientation: sensorOrientation).rotation(to: .up)
    }

    /// Where the world's up lies on the view's display, in its scene's
    /// coordinates (up, except where a scene is not level with the world).
    public func worldUp(in placement: CameraViewPlacement) -> ImageDirection {
        let up = HingeGeometry.worldUp(state.orientation)
        let axes = body.frame(of: placement.surface).sceneAxes(placement.sceneOrientation)
        let flat = HingeGeometry.flat.frame(of: placement.surface).sceneAxes(placement.sceneOrientation)
        return SurfaceFrame.direction(of: up, in: axes, minimum: Self.horizonThreshold)
            ?? SurfaceFrame.direction(of: up, in: flat) ?? .up
    }

    /// The clockwise turn of the sensor's image that, drawn in the view at
    /// `placement` (before any mirroring), shows the world's up where it
    /// is on that display.
    public func previewAngle(of mount: CameraMount, sensorOrientation: RotationAngle, in placement: CameraViewPlacement) -> RotationAngle {
        worldUpInSensorImage(of: mount, sensorOrientation: sensorOrientation).rotation(to: worldUp(in: placement))
    }

    // MARK: - Virtual camera

    /// The module of a virtual camera that is live now: the constituent
    /// beside the display in use (outer while closed, inner while open).
    public func liveModule(of virtual: CameraSpec, in rig: CameraRig) -> CameraSpec? {
        let modules = (virtual.constituents ?? []).compactMap(rig.camera(id:))
        return modules.first { module in
            guard let mount = module.mount else { return false }
            return state.display == .inner ? mount.isUnderInnerDisplay : mount == .outerDisplay
        }
    }
}
