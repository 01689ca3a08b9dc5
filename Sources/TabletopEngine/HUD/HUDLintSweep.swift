import DuoPlatform

/// One device situation a HUD is checked in.
public struct HUDLintSituation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The profile's name.
    public var profile: String
    /// The named posture the angle range comes from.
    public var posture: Posture
    /// How the device is held (swept independently of the posture's preset).
    public var orientation: DeviceOrientation
    /// The layout direction.
    public var direction: LayoutDirection
    /// The fold position, nil on a device without a fold.
    public var foldPosition: Double?
    /// The hinge angle in degrees, nil on a device without a hinge.
    public var angleDegrees: Double?
    /// Whether the inner camera is in use.
    public var innerCamera: Bool

    /// Makes a situation.
    public init(
        profile: String, posture: Posture, orientation: DeviceOrientation, direction: LayoutDirection,
        foldPosition: Double?, angleDegrees: Double?, innerCamera: Bool
    ) {
        self.profile = profile
        self.posture = posture
        self.orientation = orientation
        self.direction = direction
        self.foldPosition = foldPosition
        self.angleDegrees = angleDegrees
        self.innerCamera = innerCamera
    }

    /// `duo tabletop landscapeLeft rtl fold 0.25 angle 100 camera`.
    public var description: String {
        var parts = [profile, posture.rawValue, orientation.rawValue, direction == .leftToRight ? "ltr" : "rtl"]
        if let foldPosition { parts.append("fold \((foldPosition * 1000).rounded() / 1000)") }
        if let angleDegrees { parts.append("angle \(HUDLint.formatted(angleDegrees))") }
        if innerCamera { parts.append("inner camera in use") }
        return parts.joined(separator: " ")
    }
}

/// A violation found in one situation, on one screen.
public struct HUDLintFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where it was found (for the folding rule: the folded situation).
    public var situation: HUDLintSituation
    /// The screen's name.
    public var screen: String
    /// What is wrong.
    public var violation: HUDViolation

    /// `situation: screen: violation`.
    public var description: String { "\(situation): \(screen): \(violation)" }
}

/// What a sweep checked and found.
public struct HUDLintReport: Sendable, Hashable, Codable {
    /// Situations visited.
    public var situationCount: Int
    /// Distinct layout contexts among them (each laid out once per screen).
    public var distinctContextCount: Int
    /// Screen layouts computed.
    public var layoutCount: Int
    /// Flat-versus-folded pairs compared.
    public var foldingPairCount: Int
    /// Every violation, in sweep order.
    public var findings: [HUDLintFinding]

    /// Whether nothing was found.
    public var isClean: Bool { findings.isEmpty }
}

/// Lays a game's HUD screens out in every profile x posture x orientation x
/// direction x fold position x hinge angle (and with the inner camera in use
/// or not), and checks each layout with ``HUDLint``; then, for every scene
/// that can fold, checks that folding from flat moves nothing too far on
/// each screen that stays up while the device folds (``HUDFlatLayout/split``).
///
/// Angles only matter through the status they give (the layout cannot see
/// them), so identical layout contexts are laid out once: the sweep is
/// exhaustive and still fast. Each problem is reported in the first
/// situation that shows it, except that the tabletop rule's
/// (``HUDViolation/Kind/offFlatHalf``) waits for a tabletop situation of the
/// same scene (a book posture turned landscape shares it and comes first).
public struct HUDLintSweep: Sendable {
    /// The device profiles.
    public var profiles: [DeviceProfile]
    /// How many fold positions to try across each profile's range (ends included).
    public var foldPositionCount: Int
    /// Layout directions to try.
    public var directions: [LayoutDirection]
    /// Whether the game seats two people at a standing device, each on their
    /// own half (`TentSeating`): every screen is then laid out and checked in
    /// each half's own context too, wherever the device stands so.
    public var checksTentHalves: Bool

    /// A sweep over `profiles`.
    public init(
        profiles: [DeviceProfile], foldPositionCount: Int = 5, directions: [LayoutDirection] = LayoutDirection.allCases,
        checksTentHalves: Bool = false
    ) {
        self.profiles = profiles
        self.foldPositionCount = max(1, foldPositionCount)
        self.directions = directions
        self.checksTentHalves = checksTentHalves
    }

    /// The name a screen's findings in a tent half carry (`battle (tent half 2)`).
    public static func tentHalfName(_ screen: String, half: Int) -> String { "\(screen) (tent half \(half + 1))" }

    /// The angles tried for a posture: the ends and the middle of the range
    /// of its hinge status, and its own preset angle.
    public static func angles(for posture: Posture, on profile: DeviceProfile) -> [Double] {
        guard let hinge = profile.hinge else { return [] }
        let closed = hinge.closedBelowDegrees
        let open = hinge.fullyOpenFromDegrees
        var angles: [Double]
        switch posture.expectedHingeStatus {
        case .closed: angles = [hinge.minimumDegrees, (hinge.minimumDegrees + closed) / 2, closed - 0.5]
        case .fullyOpen: angles = [open, (open + hinge.maximumDegrees) / 2, hinge.maximumDegrees]
        default: angles = [closed + 0.5, closed + (open - closed) * 0.25, (closed + open) / 2, closed + (open - closed) * 0.75, open - 0.5]
        }
        if let preset = profile.preset(for: posture).angle?.degrees { angles.append(preset) }
        var seen = Set<Double>()
        return angles.filter { hinge.range.contains($0) && seen.insert($0).inserted }
    }

    /// The fold positions tried on a profile, evenly across its range.
    public func foldPositions(on profile: DeviceProfile) -> [Double] {
        guard let fold = profile.fold else { return [] }
        guard foldPositionCount > 1 else { return [fold.defaultPosition] }
        let low = fold.minimumPosition
        let high = fold.maximumPosition
        return (0..<foldPositionCount).map { low + (high - low) * Double($0) / Double(foldPositionCount - 1) }
    }

    /// Runs the sweep over `screens`; with `measure`, every layout's `texts`
    /// are held to the text-fit rule too (``HUDTextLint``).
    public func run(screens: [HUDScreen], texts: [HUDText] = [], measure: HUDTextLint.Measure? = nil) -> HUDLintReport {
        var textLint = measure.map(HUDTextLint.init(measure:))
        var report = HUDLintReport(situationCount: 0, distinctContextCount: 0, layoutCount: 0, foldingPairCount: 0, findings: [])
        var checked: [LayoutContext: [(screen: String, violations: [HUDViolation])]] = [:]
        // The tabletop rule's findings wait for a tabletop situation of their context to name
        // (a book posture turned landscape has the same scene, and comes first in the sweep).
        var awaitingTabletop: [LayoutContext: (first: HUDLintSituation, findings: [(screen: String, violation: HUDViolation)])] = [:]
        for profile in profiles {
            let folds: [Double?] = profile.fold == nil ? [nil] : foldPositions(on: profile).map { $0 }
            let cameras = profile.displays[.inner]?.occlusions.contains { $0.id == .innerCamera } == true ? [false, true] : [false]
            for posture in Posture.allCases {
                let angles: [Double?] = profile.hinge == nil ? [nil] : Self.angles(for: posture, on: profile).map { $0 }
                for orientation in DeviceOrientation.allCases {
                    for direction in directions {
                        for foldPosition in folds {
                            for angle in angles {
                                for camera in cameras {
                                    let situation = HUDLintSituation(
                                        profile: profile.name, posture: posture, orientation: orientation, direction: direction,
                                        foldPosition: foldPosition, angleDegrees: angle, innerCamera: camera)
                                    guard let state = Self.state(profile, situation) else { continue }
                                    report.situationCount += 1
                                    let context = state.layoutContext
                                    if checksTentHalves, TentSeating(state: state) != nil {
                                        for (half, halfContext) in (TentSeating.halfContexts(in: context) ?? []).enumerated()
                                        where checked[halfContext] == nil {
                                            checked[halfContext] = screens.map { screen in
                                                let laidOut = screen.checked(in: halfContext)
                                                var violations = laidOut.violations
                                                if textLint != nil, !texts.isEmpty { violations += textLint!.check(laidOut.layout, texts: texts) }
                                                return (Self.tentHalfName(screen.name, half: half), violations)
                                            }
                                            report.layoutCount += screens.count
                                            for (screen, violations) in checked[halfContext]! {
                                                for violation in violations {
                                                    report.findings.append(HUDLintFinding(situation: situation, screen: screen, violation: violation))
                                                }
                                            }
                                        }
                                    }
                                    if posture == .tabletop, let waiting = awaitingTabletop.removeValue(forKey: context) {
                                        for (screen, violation) in waiting.findings {
                                            report.findings.append(HUDLintFinding(situation: situation, screen: screen, violation: violation))
                                        }
                                    }
                                    if checked[context] == nil {
                                        checked[context] = screens.map { screen in
                                            let laidOut = screen.checked(in: context)
                                            var violations = laidOut.violations
                                            if textLint != nil, !texts.isEmpty {
                                                violations += textLint!.check(laidOut.layout, texts: texts)
                                            }
                                            return (screen.name, violations)
                                        }
                                        report.layoutCount += screens.count
                                        // Each problem is reported once, in the first situation that shows it.
                                        for (screen, violations) in checked[context]! {
                                            for violation in violations {
                                                if violation.kind == .offFlatHalf && posture != .tabletop {
                                                    awaitingTabletop[context, default: (situation, [])].findings.append((screen, violation))
                                                    continue
                                                }
                                                report.findings.append(HUDLintFinding(situation: situation, screen: screen, violation: violation))
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // A scene no tabletop situation of the profile reaches keeps the first situation that showed it.
            for (_, waiting) in awaitingTabletop.sorted(by: { $0.value.first.description < $1.value.first.description }) {
                for (screen, violation) in waiting.findings {
                    report.findings.append(HUDLintFinding(situation: waiting.first, screen: screen, violation: violation))
                }
            }
            awaitingTabletop = [:]
            report.foldingPairCount += checkFolding(profile, screens: screens, findings: &report.findings)
        }
        report.distinctContextCount = checked.count
        return report
    }

    /// Flat against folded for every orientation, direction, fold position
    /// and camera state, for each screen that stays up while the device
    /// folds (a ``HUDFlatLayout/singleView`` screen is replaced instead).
    private func checkFolding(_ profile: DeviceProfile, screens: [HUDScreen], findings: inout [HUDLintFinding]) -> Int {
        guard let fold = profile.fold, let hinge = profile.hinge else { return 0 }
        let flatAngle = hinge.maximumDegrees
        let foldedAngle = profile.preset(for: .tabletop).angle?.degrees ?? (hinge.closedBelowDegrees + hinge.fullyOpenFromDegrees) / 2
        let cameras = profile.displays[.inner]?.occlusions.contains { $0.id == .innerCamera } == true ? [false, true] : [false]
        var pairs = 0
        for orientation in DeviceOrientation.allCases {
            for direction in directions {
                for position in foldPositions(on: profile) {
                    for camera in cameras {
                        let flat = HUDLintSituation(
                            profile: profile.name, posture: .flat, orientation: orientation, direction: direction,
                            foldPosition: position, angleDegrees: flatAngle, innerCamera: camera)
                        var folded = flat
                        folded.posture = orientation.isLandscape ? .tabletop : .book
                        folded.angleDegrees = foldedAngle
                        guard let flatState = Self.state(profile, flat), let foldedState = Self.state(profile, folded) else { continue }
                        for screen in screens where screen.flatLayout == .split {
                            let before = screen.layout(in: flatState.layoutContext)
                            let after = screen.layout(in: foldedState.layoutContext)
                            pairs += 1
                            for violation in HUDLint.checkFolding(flat: before, folded: after, foldBandThickness: fold.bandThickness) {
                                findings.append(HUDLintFinding(situation: folded, screen: screen.name, violation: violation))
                            }
                        }
                    }
                }
            }
        }
        return pairs
    }

    /// The device in a situation, or nil when the profile cannot be in it.
    static func state(_ profile: DeviceProfile, _ situation: HUDLintSituation) -> DeviceState? {
        try? DeviceState(
            profile: profile,
            hingeAngle: situation.angleDegrees.map(HingeAngle.init(degrees:)),
            orientation: situation.orientation,
            foldPosition: situation.foldPosition,
            isInnerCameraInUse: situation.innerCamera,
            layoutDirection: situation.direction)
    }
}
