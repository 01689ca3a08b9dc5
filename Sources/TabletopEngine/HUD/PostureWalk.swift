import DuoPlatform

/// A seeded random walk of device changes: postures, angles, orientations,
/// fold positions (and now and then the camera or the direction), for
/// `duo-server match --posture-walk`. The same seed gives the same walk.
public struct PostureWalk: Sendable {
    private var generator: SeededGenerator
    private let profile: DeviceProfile

    /// A walk for a device of `profile`, drawn from `seed`.
    public init(profile: DeviceProfile, seed: UInt64) {
        self.profile = profile
        self.generator = SeededGenerator(seed: seed)
    }

    /// The next change, given the device's state now.
    public mutating func next(after state: DeviceState) -> PostureStep {
        var step = PostureStep()
        switch generator.nextInt(below: 10) {
        case 0, 1:
            step.posture = Posture.allCases[generator.nextInt(below: Posture.allCases.count)]
        case 2, 3, 4:
            if let hinge = profile.hinge {
                // A nudge of the hinge, sometimes across a threshold.
                let delta = Double(generator.nextInt(in: -40...40))
                step.angleDegrees = min(max(state.hingeAngle.degrees + delta, hinge.minimumDegrees), hinge.maximumDegrees)
            } else {
                step.orientation = DeviceOrientation.allCases[generator.nextInt(below: 4)]
            }
        case 5, 6:
            step.orientation = DeviceOrientation.allCases[generator.nextInt(below: 4)]
        case 7, 8:
            if let fold = profile.fold {
                let steps = Int(((fold.maximumPosition - fold.minimumPosition) / 0.05).rounded())
                step.foldPosition = fold.minimumPosition + Double(generator.nextInt(in: 0...max(0, steps))) * 0.05
            } else {
                step.posture = Posture.allCases[generator.nextInt(below: Posture.allCases.count)]
            }
        default:
            if generator.nextBool() {
                step.innerCamera = !state.isInnerCameraInUse
            } else {
                step.direction = state.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
            }
        }
        return step
    }
}
