import DuoPlatform

/// A violation met while a match was played on a changing device.
public struct HUDPostureFinding: Sendable, Hashable, CustomStringConvertible {
    /// The match's index in its batch.
    public var matchIndex: Int
    /// The step of the device changes (0 at the start of the match).
    public var step: Int
    /// The change made at that step.
    public var change: PostureStep
    /// The device then: profile, posture, orientation, direction, fold, angle, camera.
    public var situation: String
    /// The screen laid out.
    public var screen: String
    /// What is wrong.
    public var violation: HUDViolation

    /// `match 3, step 7 (book angle 120): duo book portrait ltr fold 0.5 angle 120: battle: element ...`.
    public var description: String {
        "match \(matchIndex), step \(step) (\(change)): \(situation): \(screen): \(violation)"
    }
}

/// Where a headless match's device changes come from.
public enum PostureSource: Sendable {
    /// A script's steps, one per move, starting over when they run out.
    case script(PostureScript)
    /// A seeded random walk (the seed is mixed with each match's own seed).
    case walk(seed: UInt64)
}

/// Watches a match as it is played and, before every move, changes the
/// simulated device by one step; at every step the game's HUD is laid out
/// headlessly for the screen of the match's moment and checked as `duo lint`
/// does. The layout runs only when the device's layout context or the screen
/// changes (as the platform's layout passes do): a step that only moves the
/// hinge inside partiallyOpen costs nothing.
public struct HUDPostureCheck<Game: TabletopGame>: MatchObserver {
    /// The HUD screen of a match state in a scene (the scene may decide it:
    /// a game may show another screen while folded).
    public typealias ScreenOf = (Game.State, LayoutContext) -> HUDScreen

    private let profile: DeviceProfile
    private let source: PostureSource
    private let screenOf: ScreenOf
    private let matchIndex: Int
    private let checksTentHalves: Bool
    private var device: SimulatedDevice
    private var walk: PostureWalk?
    private var step = 0
    private var lastChecked: (context: LayoutContext, screen: HUDScreen, seatsTwo: Bool)?
    private var seen = Set<HUDViolation>()

    /// Every violation met so far (each one once per match).
    public private(set) var findings: [HUDPostureFinding] = []
    /// Device steps taken.
    public private(set) var stepCount = 0
    /// HUD layouts computed and checked.
    public private(set) var layoutCount = 0

    /// A check for match `matchIndex` on a device of `profile` starting flat,
    /// for a game whose screen depends on the match state only.
    public init(
        profile: DeviceProfile, source: PostureSource, matchIndex: Int, checksTentHalves: Bool = false,
        screen: @escaping (Game.State) -> HUDScreen
    ) {
        self.init(
            profile: profile, source: source, matchIndex: matchIndex, checksTentHalves: checksTentHalves,
            screenInScene: { state, _ in screen(state) })
    }

    /// A check for match `matchIndex` on a device of `profile` starting flat;
    /// with `checksTentHalves` (a game seating two people at a standing
    /// device, each on their own half: `HUDGame/seatsPlayersOnTentHalves`),
    /// whenever the device stands so the screen is laid out and checked in each half's own context too.
    public init(
        profile: DeviceProfile, source: PostureSource, matchIndex: Int, checksTentHalves: Bool = false,
        screenInScene screen: @escaping ScreenOf
    ) {
        self.profile = profile
        self.checksTentHalves = checksTentHalves
        self.source = source
        self.screenOf = screen
        self.matchIndex = matchIndex
        self.device = SimulatedDevice(profile: profile, posture: .flat)
    }

    /// Starts the device over and takes the first step.
    public mutating func matchDidStart(_ game: Game, setup: MatchSetup, state: Game.State) {
        device = SimulatedDevice(profile: profile, posture: .flat)
        if case .walk(let seed) = source {
            walk = PostureWalk(profile: profile, seed: seed ^ setup.seed)
        }
        step = 0
        lastChecked = nil
        seen = []
        takeStep(state)
    }

    /// The next step, after every move.
    public mutating func moveWasApplied(_ move: Game.Move, by seat: Seat, game: Game, state: Game.State) {
        step += 1
        takeStep(state)
    }

    /// The final screen is checked too.
    public mutating func matchDidEnd(_ result: MatchResult, game: Game, state: Game.State) {
        check(state, change: PostureStep())
    }

    private mutating func takeStep(_ state: Game.State) {
        let change: PostureStep
        switch source {
        case .script(let script): change = script.steps[step % script.steps.count]
        case .walk:
            change = walk?.next(after: device.state) ?? PostureStep()
        }
        change.apply(to: device)
        stepCount += 1
        check(state, change: change)
    }

    private mutating func check(_ state: Game.State, change: PostureStep) {
        let context = device.layoutContext
        let screen = screenOf(state, context)
        // Standing as a tent changes no layout context (it is partiallyOpen like a book), but it seats two.
        let seatsTwo = checksTentHalves && TentSeating(state: device.state) != nil
        if let lastChecked, lastChecked.context == context, lastChecked.screen == screen, lastChecked.seatsTwo == seatsTwo { return }
        lastChecked = (context, screen, seatsTwo)
        var scenes = [(context: context, screen: screen, name: screen.name)]
        if seatsTwo {
            for (half, halfContext) in (TentSeating.halfContexts(in: context) ?? []).enumerated() {
                scenes.append((halfContext, screenOf(state, halfContext), HUDLintSweep.tentHalfName(screen.name, half: half)))
            }
        }
        for scene in scenes {
            layoutCount += 1
            for violation in scene.screen.violations(in: scene.context) where seen.insert(violation).inserted {
                findings.append(
                    HUDPostureFinding(
                        matchIndex: matchIndex, step: step, change: change,
                        situation: Self.describe(device.state), screen: scene.name, violation: violation))
            }
        }
    }

    /// The device in words: profile, posture (or "custom"), orientation, direction, fold, angle, camera.
    static func describe(_ state: DeviceState) -> String { state.situationWords }
}
