import DuoPlatform

/// The `cameras` key of `duo inspect --cameras`: every camera, the
/// direction map of a view on the outer display and of the inspected view
/// on the inner display, and both rotation angles of every camera.
/// Its keys are a contract like the rest of the report.
struct InspectCameras: Encodable {
    /// One camera as the rig describes it, and what it does now.
    struct Device: Encodable {
        let id: String
        let name: String
        let type: CaptureDeviceType
        let position: CaptureDevicePosition
        /// Nil for the virtual camera (mounted through its modules).
        let mount: CameraMount?
        let half: FoldHalf?
        let sensorOrientation: RotationAngle?
        let formats: [CaptureFormat]
        /// Whether the body covers it now (the inner camera while closed).
        let covered: Bool
        /// The virtual camera's live module; nil for a physical camera.
        let liveModule: String?

        private enum CodingKeys: String, CodingKey {
            case id, name, type, position, mount, half, sensorOrientation, formats, covered, liveModule
        }

        /// Writes every key, null where it does not apply, so the shape never changes.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(position, forKey: .position)
            try container.encode(mount, forKey: .mount)
            try container.encode(half, forKey: .half)
            try container.encode(sensorOrientation, forKey: .sensorOrientation)
            try container.encode(formats, forKey: .formats)
            try container.encode(covered, forKey: .covered)
            try container.encode(liveModule, forKey: .liveModule)
        }
    }

    /// One view and its direction map.
    struct View: Encodable {
        let scene: CameraView.Scene
        let display: DisplayKind
        let surface: DeviceSurface
        let half: FoldHalf
        let sceneOrientation: DeviceOrientation
        let frame: Rect
        let forwardFacing: [String]
        let backwardFacing: [String]
    }

    /// The preview angle in each view (nil where the view does not exist).
    struct PreviewAngles: Encodable {
        let outer: RotationAngle?
        let inner: RotationAngle?

        private enum CodingKeys: String, CodingKey { case outer, inner }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(outer, forKey: .outer)
            try container.encode(inner, forKey: .inner)
        }
    }

    /// Both angles of one camera.
    struct Rotation: Encodable {
        let device: String
        let captureAngle: RotationAngle
        let previewAngle: PreviewAngles
    }

    /// The views' keys: `outer` and `inner`, `inner` null while the app is on the outer display.
    struct Views: Encodable {
        let outer: View?
        let inner: View?

        private enum CodingKeys: String, CodingKey { case outer, inner }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(outer, forKey: .outer)
            try container.encode(inner, forKey: .inner)
        }
    }

    let devices: [Device]
    let views: Views
    let rotation: [Rotation]

    /// The cameras of `state`'s profile seen from the whole outer display and
    /// from `innerFrame` (scene coordinates from the top-left) on the inner display.
    init(state: DeviceState, rig: CameraRig, innerFrame: Rect) {
        let geometry = CameraGeometry(state: state)
        let physical = rig.cameras.filter { !$0.isVirtual }
        devices = rig.cameras.map { spec in
            Device(
                id: spec.id, name: spec.name, type: spec.type, position: spec.position,
                mount: spec.mount, half: spec.mount?.half, sensorOrientation: spec.sensorOrientation,
                formats: spec.isVirtual ? rig.sharedFormats(of: spec) : spec.formats,
                covered: spec.mount.map(geometry.isCovered) ?? false,
                liveModule: spec.isVirtual ? geometry.liveModule(of: spec, in: rig)?.id : nil
            )
        }
        let outerPlacement = geometry.placement(of: .outerDisplay)
        let innerPlacement = state.display == .inner ? geometry.placement(of: CameraView(scene: .main, frame: innerFrame)) : nil
        func view(_ placement: CameraViewPlacement?) -> View? {
            guard let placement else { return nil }
            let facings = physical.compactMap { spec in
                spec.mount.flatMap { geometry.facing(of: $0, for: placement) }.map { (spec.id, $0) }
            }
            return View(
                scene: placement.scene, display: placement.display, surface: placement.surface, half: placement.half,
                sceneOrientation: placement.sceneOrientation, frame: placement.frame,
                forwardFacing: facings.filter { $0.1 == .forward }.map(\.0),
                backwardFacing: facings.filter { $0.1 == .backward }.map(\.0)
            )
        }
        views = Views(outer: view(outerPlacement), inner: view(innerPlacement))
        rotation = rig.cameras.compactMap { spec in
            let camera = spec.isVirtual ? geometry.liveModule(of: spec, in: rig) : spec
            guard let mount = camera?.mount, let sensor = camera?.sensorOrientation else { return nil }
            return Rotation(
                device: spec.id,
                captureAngle: geometry.captureAngle(of: mount, sensorOrientation: sensor),
                previewAngle: PreviewAngles(
                    outer: outerPlacement.map { geometry.previewAngle(of: mount, sensorOrientation: sensor, in: $0) },
                    inner: innerPlacement.map { geometry.previewAngle(of: mount, sensorOrientation: sensor, in: $0) }
                )
            )
        }
    }
}

extension InspectCameras {
    /// The cameras for an inspect request: the profile's rig, the request's
    /// view as the inner view (turned to top-left coordinates).
    /// - Throws: ``CameraRigError`` when the profile has no usable rig.
    init(request: InspectRequest) throws(CameraRigError) {
        let state = request.state
        let rig = try CameraRig.for(state.profile)
        var frame = request.view
        if state.layoutDirection == .rightToLeft && request.behavior == .mirrors {
            frame = frame.mirroredHorizontally(inWidth: state.sceneSize.width)
        }
        self.init(state: state, rig: rig, innerFrame: frame)
    }
}
