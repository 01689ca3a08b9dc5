/// Which cameras face the way a view's display faces (forward) and which
/// face the other way (backward), as descriptors. A covered camera (under
/// the inner display while closed) and a virtual camera are in neither list.
public struct CaptureDeviceDirectionMap: Codable, Hashable, Sendable {
    /// Cameras facing the way the view's display faces: they see whoever
    /// looks at the view. Mirror their previews.
    public var forwardFacingDeviceDescriptors: [CaptureDeviceDescriptor]
    /// Cameras facing away from the view's viewer: they see what the viewer sees.
    public var backwardFacingDeviceDescriptors: [CaptureDeviceDescriptor]

    /// Makes a map.
    public init(forwardFacing: [CaptureDeviceDescriptor] = [], backwardFacing: [CaptureDeviceDescriptor] = []) {
        forwardFacingDeviceDescriptors = forwardFacing
        backwardFacingDeviceDescriptors = backwardFacing
    }

    /// Which way the camera `id` faces, or nil when it is in neither list.
    public func facing(ofDeviceWithID id: String) -> CameraFacing? {
        if forwardFacingDeviceDescriptors.contains(where: { $0.id == id }) { return .forward }
        if backwardFacingDeviceDescriptors.contains(where: { $0.id == id }) { return .backward }
        return nil
    }

    /// Whether a preview of the camera `id` in this view should be
    /// mirrored: exactly when it faces forward (never decided from position).
    public func shouldMirrorPreview(ofDeviceWithID id: String) -> Bool {
        facing(ofDeviceWithID: id) == .forward
    }
}
