import DuoPlatform

/// The JSON document `duo inspect` prints. Its keys are a contract other
/// tools parse: add keys, never rename or remove one.
struct InspectReport: Encodable {
    struct SceneSize: Encodable {
        let width: Double
        let height: Double
    }

    struct HingeReading: Encodable {
        let status: HingeStatus
        let angleDegrees: Double
    }

    let profile: String
    let posture: Posture
    let display: DisplayKind
    let scene: SceneSize
    let hinge: HingeReading?
    let orientation: DeviceOrientation
    let foldPosition: Double?
    let innerCameraInUse: Bool
    let layoutDirection: LayoutDirection
    let layoutDirectionBehavior: LayoutDirectionBehavior
    let view: Rect
    let regions: [ReservedRegion]
    let arrangement: ArrangementLayout?
    /// With `--cameras` (see InspectCameras.swift).
    var cameras: InspectCameras?

    /// Answers a request: the regions of its view and, when asked, the arrangement's frames.
    init(answering request: InspectRequest) throws(ArrangementError) {
        let state = request.state
        let context = state.layoutContext.context(for: request.view, layoutDirectionBehavior: request.behavior)
        profile = state.profile.name
        posture = request.posture
        display = state.display
        scene = SceneSize(width: state.sceneSize.width, height: state.sceneSize.height)
        hinge = state.hinge.map { HingeReading(status: $0.status, angleDegrees: $0.angle.degrees) }
        orientation = state.orientation
        foldPosition = state.profile.fold == nil ? nil : state.foldPosition
        innerCameraInUse = state.isInnerCameraInUse
        layoutDirection = state.layoutDirection
        layoutDirectionBehavior = request.behavior
        view = request.view
        regions = context.reservedRegions(kind: request.kind, options: request.options, layoutDirectionBehavior: request.behavior)
            .map { region in
                var region = region
                region.frame = Self.tidy(region.frame)
                region.margins = Self.tidy(region.margins)
                return region
            }
        if var layout = try request.arrangement?.layout(in: context, layoutDirectionBehavior: request.behavior) {
            layout.primary = layout.primary.map(Self.tidy)
            layout.secondary = layout.secondary.map(Self.tidy)
            arrangement = layout
        } else {
            arrangement = nil
        }
    }

    /// A number rounded to a millionth of a point, so a fold at 0.3 of 932
    /// prints 279.6 rather than its binary neighbour 279.59999999999997.
    static func tidy(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    static func tidy(_ rect: Rect) -> Rect {
        Rect(x: tidy(rect.minX), y: tidy(rect.minY), width: tidy(rect.width), height: tidy(rect.height))
    }

    static func tidy(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: tidy(insets.top), leading: tidy(insets.leading), bottom: tidy(insets.bottom), trailing: tidy(insets.trailing))
    }

    private enum CodingKeys: String, CodingKey {
        case profile, posture, display, scene, hinge, orientation, foldPosition, innerCameraInUse
        case layoutDirection, layoutDirectionBehavior, view, regions, arrangement, cameras
    }

    /// Writes `null` for a missing hinge or fold, and `arrangement` only when asked for.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(profile, forKey: .profile)
        try container.encode(posture, forKey: .posture)
        try container.encode(display, forKey: .display)
        try container.encode(scene, forKey: .scene)
        if let hinge { try container.encode(hinge, forKey: .hinge) } else { try container.encodeNil(forKey: .hinge) }
        try container.encode(orientation, forKey: .orientation)
        if let foldPosition { try container.encode(foldPosition, forKey: .foldPosition) } else { try container.encodeNil(forKey: .foldPosition) }
        try container.encode(innerCameraInUse, forKey: .innerCameraInUse)
        try container.encode(layoutDirection, forKey: .layoutDirection)
        try container.encode(layoutDirectionBehavior, forKey: .layoutDirectionBehavior)
        try container.encode(view, forKey: .view)
        try container.encode(regions, forKey: .regions)
        try container.encodeIfPresent(arrangement, forKey: .arrangement)
        try container.encodeIfPresent(cameras, forKey: .cameras)
    }
}
