import DuoPlatform
import Foundation
import TabletopEngine

/// The desktop program's state and behaviour with no SDL in it: the
/// simulated device, the game, the hinge effect and the view options, and
/// what every command, click and tick does to them. The window drives it;
/// the tests drive it the same way.
///
/// Layout happens only in layout passes: the HUD is laid out again when the
/// device's layout context changes (the platform's layout observer) or the
/// game moves to another screen, never because the hinge angle moved.
public final class DesktopSession {
    /// The simulated device.
    public private(set) var device: SimulatedDevice
    /// The profiles `P` switches between, in order.
    public let profiles: [DeviceProfile]
    /// The game.
    public private(set) var game: any DesktopGame
    /// The hinge effect (glare, swell, tone), fed by hinge observation.
    public private(set) var effect = HingeEffect()
    /// The sensor model apps read the hinge through.
    public private(set) var sensorModel: HingeSensorModel
    /// Whether the scene takes the window's size.
    public let isFreeform: Bool
    /// The freeform scene's size (set by the window).
    public private(set) var freeformSize = Size(width: 800, height: 600)
    /// Whether the reserved regions overlay shows.
    public var showsRegions = false
    /// Whether the help overlay shows.
    public var showsHelp = false
    /// Whether the device is drawn as built (content turned with it) rather than content upright.
    public var showsDeviceFrame = false
    /// Whether the frame timing readout (frames per second, whole frame time) shows on the status line (`F3`, `--show-fps`).
    public var showsFrameTiming = false
    /// The window's frame timing, fed by the window each frame.
    public var frameTiming = FrameTiming()
    /// What the window's canvas keeps between frames, fed by the window each frame: the F3 readout shows it.
    public var cacheSizes: CanvasCacheSizes?
    /// New game asked twice while a match is under way.
    public private(set) var newGameConfirmation = NewGameConfirmation()
    /// Whether the person asked to quit.
    public private(set) var wantsToQuit = false
    /// HUD layouts computed so far (one per layout pass or screen change).
    public private(set) var hudLayoutCount = 0
    /// The victory photo: the camera that opens when a person wins (see `DesktopSession+VictoryPhoto.swift`).
    public let victoryPhotos = VictoryPhotoBooth()

    private let sensorSeed: UInt64
    private var hingeToken: ObservationToken?
    private var layoutToken: ObservationToken?
    private var deviceContext: LayoutContext
    private var cachedLayout: (context: LayoutContext, screen: HUDScreen, layout: HUDLayout)?
    private var seatedState: DeviceState?

    /// A session on `state` (its profile must be one of `profiles` or is added), playing `game`.
    public init(
        state: DeviceState, profiles: [DeviceProfile], game: any DesktopGame,
        sensor: HingeSensorModel = .ideal, sensorSeed: UInt64 = 1, freeform: Bool = false
    ) {
        var known = profiles
        if !known.contains(where: { $0.name == state.profile.name }) { known.insert(state.profile, at: 0) }
        self.profiles = known
        self.game = game
        self.sensorModel = sensor
        self.sensorSeed = sensorSeed
        self.isFreeform = freeform
        self.device = SimulatedDevice(state: state, sensor: sensor, seed: sensorSeed)
        self.deviceContext = state.layoutContext
        attach()
        seatPlayers()
    }

    // MARK: - What to draw

    /// The layout context of the scene (the device's, or the freeform one).
    public var sceneContext: LayoutContext {
        isFreeform ? FreeformScene.context(for: device.state, size: freeformSize) : deviceContext
    }

    /// The game's HUD laid out in the scene (cached between layout passes).
    public var hudLayout: HUDLayout {
        let context = sceneContext
        let screen = currentScreen(in: context)
        if let cachedLayout, cachedLayout.context == context, cachedLayout.screen == screen { return cachedLayout.layout }
        let layout = screen.layout(in: context)
        cachedLayout = (context, screen, layout)
        hudLayoutCount += 1
        return layout
    }

    /// The scene of one frame.
    public var content: SceneContent {
        SceneContent(
            context: sceneContext, layout: hudLayout, game: game,
            effect: device.state.profile.hinge == nil ? nil : effect.visual, showsRegions: showsRegions,
            victoryPhoto: victoryPhotoPreview.map { VictoryPhotoContent(preview: $0) },
            prompt: newGameConfirmation.isAsking ? NewGameConfirmation.prompt : nil)
    }

    /// The device laid out in a window area.
    public func presentation(in viewport: Rect, bezel: Double = 16) -> DevicePresentation {
        let context = sceneContext
        let fold = FoldGeometry(regions: context.reservedRegions(kind: .division, options: .includeInactive, layoutDirectionBehavior: .fixed))
        let turns = showsDeviceFrame ? Self.turns(for: device.state.orientation) : .none
        // A seat on each half of a tent: each half is drawn square on, as its own viewer sees it, not leaning away from one viewer.
        let tilt = game.isShowingSeatsOnHalves ? 0 : DevicePresentation.tiltAmount(hinge: device.state.hinge)
        return DevicePresentation(
            sceneSize: context.size, fold: fold, tilt: tilt,
            viewport: viewport, bezel: isFreeform ? 4 : bezel, rotation: turns,
            fixedScale: isFreeform ? 1 : nil)
    }

    /// The quarter turns that show content as the hardware is built (the display's portrait frame).
    static func turns(for orientation: DeviceOrientation) -> QuarterTurns {
        switch orientation {
        case .portrait: return .none
        case .landscapeLeft: return QuarterTurns(1)
        case .portraitUpsideDown: return QuarterTurns(2)
        case .landscapeRight: return QuarterTurns(3)
        }
    }

    /// The status line: profile, posture, status, angle, orientation, fold, sensor, the game's note (a connection),
    /// the New game question, and the draw time (or, with ``showsFrameTiming``, the whole ``frameTiming`` readout
    /// and the canvas's ``cacheSizes``).
    public func statusLine(frameMilliseconds: Double?) -> String {
        let state = device.state
        var parts = [state.profile.name, state.matchingPosture?.rawValue ?? "custom"]
        if let hinge = state.hinge {
            parts.append("\(hinge.status.rawValue) \(Int(hinge.angle.degrees.rounded()))°")
            let seen = device.hingeContext.hinge.map { $0.status == .unknown ? "unknown" : "\(Int($0.angle.degrees.rounded()))°" } ?? "-"
            parts.append("sensor \(sensorModel.rawValue) \(seen)")
        } else {
            parts.append("no hinge")
        }
        parts.append(state.orientation.rawValue)
        if state.profile.fold != nil { parts.append(String(format: "fold %.2f", state.foldPosition)) }
        parts.append(state.display.rawValue + " display")
        if state.layoutDirection == .rightToLeft { parts.append("RTL") }
        if state.isInnerCameraInUse { parts.append("camera in use") }
        if let photo = victoryPhotos.camera { parts.append("photo \(photo.camera?.id ?? "no camera")") }
        if isFreeform { parts.append("freeform") }
        if let note = game.statusNote(canStandAsTent: state.profile.hinge != nil) { parts.append(note) }
        if newGameConfirmation.isAsking { parts.append(NewGameConfirmation.prompt) }
        if showsFrameTiming {
            parts.append(frameTiming.readout)
            if let cacheSizes { parts.append(cacheSizes.readout) }
        } else if let frameMilliseconds {
            parts.append(String(format: "%.1f ms", frameMilliseconds))
        }
        return parts.joined(separator: " · ")
    }

    // MARK: - Input

    /// Does what a command says.
    public func apply(_ command: DesktopCommand) {
        defer {
            seatPlayers()
            followMatchForVictoryPhoto()
        }
        if command != .newGame && command != .toggleFrameTiming { newGameConfirmation.cancel() }
        let state = device.state
        switch command {
        case .hingeStep(let degrees):
            guard let hinge = state.profile.hinge else { return }
            let angle = min(max(state.hingeAngle.degrees + degrees, hinge.minimumDegrees), hinge.maximumDegrees)
            try? device.setHingeAngle(HingeAngle(degrees: angle))
        case .posture(let posture):
            device.apply(posture)
        case .rotate(let clockwise):
            let order: [DeviceOrientation] = [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight]
            let index = order.firstIndex(of: state.orientation) ?? 0
            device.setOrientation(order[(index + (clockwise ? 1 : 3)) % 4])
        case .moveFold(let step):
            guard let fold = state.profile.fold else { return }
            let position = min(max(state.foldPosition + step, fold.minimumPosition), fold.maximumPosition)
            try? device.setFoldPosition((position * 1000).rounded() / 1000)
        case .toggleInnerCamera:
            device.setInnerCameraInUse(!state.isInnerCameraInUse)
        case .toggleDirection:
            device.setLayoutDirection(state.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight)
        case .switchProfile:
            let index = profiles.firstIndex { $0.name == state.profile.name } ?? 0
            let next = profiles[(index + 1) % profiles.count]
            var fresh = DeviceState(profile: next, posture: state.matchingPosture ?? .flat, layoutDirection: state.layoutDirection)
            fresh.orientation = state.orientation
            rebuildDevice(fresh, sensor: sensorModel)
        case .cycleSensor:
            let models = HingeSensorModel.allCases
            let next = models[((models.firstIndex(of: sensorModel) ?? 0) + 1) % models.count]
            rebuildDevice(state, sensor: next)
        case .toggleRegions: showsRegions.toggle()
        case .toggleHelp: showsHelp.toggle()
        case .toggleDeviceFrame: showsDeviceFrame.toggle()
        case .toggleFrameTiming: showsFrameTiming.toggle()
        case .newGame: requestNewGame()
        case .confirm, .gameKey: game.perform(command)
        case .takePhoto: takeVictoryPhoto()
        case .scrollNews(let steps): game.scrollNews(by: steps)
        case .back:
            if showsHelp {
                showsHelp = false
            } else if victoryPhotos.flow.isOpen {
                closeVictoryPhoto()
            } else if !game.dismissBanner() {
                wantsToQuit = true
            }
        case .quit: wantsToQuit = true
        }
    }

    /// The pointer is at a scene point (nil: outside the display).
    public func pointerMoved(to point: Point?) {
        game.pointerMoved(to: point, layout: hudLayout)
    }

    /// A click (button down) at a scene point: closes the help, opens it from
    /// its control, or goes to the game.
    public func click(at point: Point) {
        if showsHelp {
            showsHelp = false
            return
        }
        defer { followMatchForVictoryPhoto() }
        if victoryPhotoClick(at: point) { return }
        let layout = hudLayout
        let id = game.element(at: point, layout: layout)?.id
        if id != DesktopElementID.newGame { newGameConfirmation.cancel() }
        if id == DesktopElementID.help {
            showsHelp = true
            return
        }
        if id == DesktopElementID.newGame {
            requestNewGame()
            return
        }
        game.pointerPressed(at: point, layout: layout)
    }

    /// The button came up at a scene point (nil: outside the display).
    public func release(at point: Point?) {
        defer { followMatchForVictoryPhoto() }
        game.pointerReleased(at: point, layout: hudLayout)
    }

    /// Lets `seconds` pass: the sensor reads, the effect glides, the bot
    /// moves (or the server's news comes in).
    public func advance(by seconds: Double) {
        device.advance(by: seconds)
        effect.advance(by: seconds)
        seatPlayers()
        game.advance(by: seconds)
        victoryPhotos.flow.advance(by: seconds)
        newGameConfirmation.advance(by: seconds)
        if !game.isMatchInProgress { newGameConfirmation.cancel() }
        followMatchForVictoryPhoto()
    }

    /// New game, by key or control: at once when no match is under way; else
    /// the first press asks and the second abandons the match (resigned by this table's seat).
    private func requestNewGame() {
        switch newGameConfirmation.press(matchInProgress: game.isMatchInProgress) {
        case .startNow: game.perform(.newGame)
        case .ask: break
        case .abandon: game.abandonMatch()
        }
    }

    /// Lets go of what the game holds outside the process (a server connection).
    public func close() {
        game.close()
    }

    /// The window's scene area changed size (freeform only follows it).
    public func setFreeformSize(_ size: Size) {
        freeformSize = Size(width: max(120, size.width.rounded(.down)), height: max(120, size.height.rounded(.down)))
    }

    // MARK: - Device observation

    /// Tells the game where two people would sit at the device as it stands
    /// now (`TentSeating`; none in a freeform scene, which has no body).
    private func seatPlayers() {
        let state = device.state
        guard state != seatedState else { return }
        seatedState = state
        game.seat(isFreeform ? nil : TentSeating(state: state))
    }

    private func rebuildDevice(_ state: DeviceState, sensor: HingeSensorModel) {
        hingeToken?.cancel()
        layoutToken?.cancel()
        sensorModel = sensor
        device = SimulatedDevice(state: state, sensor: sensor, seed: sensorSeed)
        effect.reset()
        attach()
        victoryPhotoDeviceWasReplaced()
    }

    private func attach() {
        effect.observe(device.hingeContext)
        hingeToken = device.observeHinge { [weak self] _, current in
            self?.effect.observe(current)
        }
        layoutToken = device.observeLayout { [weak self] context in
            self?.deviceContext = context
            self?.syncVictoryPhotoView()
        }
    }
}

extension DesktopSession {
    /// Plays `turns` moves of the match with bots on both sides: a mid-game
    /// position for pictures and tests, reproducible from the session's seed.
    public func playDemoTurns(_ turns: Int) {
        game.playDemoTurns(turns)
        followMatchForVictoryPhoto()
    }

    /// Plays the match's next move by bot, as ``playDemoTurns(_:)`` does, and lets `seconds`
    /// of its showing pass without finishing it: a move in flight, for a picture (a golf ball
    /// rolling `seconds` after the stroke). Returns false, playing nothing, where the match is
    /// not played on this device or has no move left.
    @discardableResult
    public func playDemoTurnInFlight(seconds: Double) -> Bool {
        guard let local = game as? LintPlayedMatch, !local.isMatchOver, local.playNextMove() else { return false }
        advance(by: 0)
        advance(by: max(0, seconds))
        return true
    }
}
