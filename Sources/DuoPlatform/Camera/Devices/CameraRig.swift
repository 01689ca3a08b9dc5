/// The cameras of one device profile, as data: `Assets/cameras/<profile>.json`.
///
/// Like a profile it is checked when loaded, against the profile it
/// belongs to (see ``validated(for:file:)``), so a value returned by
/// ``for(_:locator:)`` is consistent.
public struct CameraRig: Codable, Hashable, Sendable {
    /// The profile the rig belongs to.
    public var profile: String
    /// The cameras, in discovery order.
    public var cameras: [CameraSpec]

    /// Makes a rig (not checked: use ``validated(for:file:)``).
    public init(profile: String, cameras: [CameraSpec]) {
        self.profile = profile
        self.cameras = cameras
    }

    /// The camera with `id`, if any.
    public func camera(id: String) -> CameraSpec? {
        cameras.first { $0.id == id }
    }

    /// What a virtual camera offers: every size all its constituents have,
    /// at the lowest of their frame rates, with depth only if all have it.
    public func sharedFormats(of virtual: CameraSpec) -> [CaptureFormat] {
        let modules = (virtual.constituents ?? []).compactMap(camera(id:))
        guard var shared = modules.first?.formats else { return [] }
        for module in modules.dropFirst() {
            shared = shared.compactMap { format in
                module.formats.lazy.compactMap { format.shared(with: $0) }.first
            }
        }
        return shared
    }
}
