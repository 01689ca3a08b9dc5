import DuoPlatform

extension DeviceState {
    /// The device in the words the HUD checks name a situation with: profile,
    /// posture (or "custom"), orientation, direction, fold, angle and status,
    /// camera (`duo tabletop landscapeLeft ltr fold 0.25 angle 100 (partiallyOpen)`).
    public var situationWords: String {
        var words = [profile.name, matchingPosture?.rawValue ?? "custom", orientation.rawValue, layoutDirection == .leftToRight ? "ltr" : "rtl"]
        if profile.fold != nil { words.append("fold \((foldPosition * 1000).rounded() / 1000)") }
        if let hinge { words.append("angle \(HUDLint.formatted(hinge.angle.degrees)) (\(hinge.status.rawValue))") }
        if isInnerCameraInUse { words.append("inner camera in use") }
        return words.joined(separator: " ")
    }
}
