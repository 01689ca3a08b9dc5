/// The simulated foldable: a ``DeviceState`` that changes over time, a hinge
/// sensor apps observe, and the layout passes those changes cause.
///
/// It is owned by one thread or actor (the desktop's main loop, a test) and
/// is deliberately not `Sendable`. Drive it with the setters and
/// ``advance(by:)`` (once per frame); observe it with ``observeHinge(_:)``
/// (effects) and ``observeLayout(_:)`` (layout). There is no global
/// notification of any kind.
///
/// Two views of the hinge coexist, as on a real device: the system's own
/// (``state``, which decides the display and the fold's activity and never
/// reads `unknown`), and the app's, read through the simulated
/// ``HingeSensor`` (ideal, noisy, coarse or late) and tracked with the same
/// hysteresis (``hingeContext``, `unknown` until the first reading).
public final class SimulatedDevice {
    /// The device now.
    public private(set) var state: DeviceState
    /// The hinge as apps see it through the sensor (nil hinge without one).
    public private(set) var hingeContext: HingeContext
    /// Simulated seconds since start.
    public private(set) var time: Double = 0
    /// How many layout passes have run (the first at start); one runs only
    /// when the size, layout direction or regions change.
    public private(set) var layoutPassCount = 0
    /// The context of the last layout pass.
    public private(set) var layoutContext: LayoutContext

    private var sensor: HingeSensor?
    private var tracker: HingeStatusTracker?
    private var hingeObservers: [Int: (HingeContext, HingeContext) -> Void] = [:]
    private var layoutObservers: [Int: (LayoutContext) -> Void] = [:]
    private var stateObservers: [Int: (DeviceState) -> Void] = [:]
    private var notifiedState: DeviceState
    private var stateChangeCount = 0
    private var nextObserverID = 0

    /// A device starting in `state`; the sensor takes its first reading now
    /// (a `late` sensor gives none yet).
    /// - Parameters:
    ///   - state: where the device starts: profile, hinge, orientation, fold, camera, direction.
    ///   - sensor: the sensor model apps read the hinge through.
    ///   - seed: fixes the sensor's noise, so a replay sees the same readings.
    ///   - parameters: the imperfect models' numbers.
    public init(state: DeviceState, sensor: HingeSensorModel = .ideal, seed: UInt64 = 0, parameters: HingeSensor.Parameters = .standard) {
        self.state = state
        self.notifiedState = state
        if let thresholds = state.profile.hinge {
            self.sensor = HingeSensor(model: sensor, seed: seed, range: thresholds.range, parameters: parameters)
            self.tracker = HingeStatusTracker(thresholds: thresholds)
            self.hingeContext = HingeContext(hinge: Hinge(status: .unknown, angle: .zero))
        } else {
            self.hingeContext = HingeContext(hinge: nil)
        }
        self.layoutContext = state.layoutContext
        self.layoutPassCount = 1
        readSensor()
    }

    /// A device of `profile` held in `posture`.
    public convenience init(profile: DeviceProfile, posture: Posture, sensor: HingeSensorModel = .ideal, seed: UInt64 = 0) {
        self.init(state: DeviceState(profile: profile, posture: posture), sensor: sensor, seed: seed)
    }

    // MARK: - Changes

    /// Moves the hinge; the sensor reads the new angle at once.
    /// - Throws: ``DeviceStateError`` without a hinge or outside its range.
    public func setHingeAngle(_ angle: HingeAngle) throws(DeviceStateError) {
        try state.setHingeAngle(angle)
        readSensor()
        updateLayout()
    }

    /// Takes a posture's preset angle and orientation.
    public func apply(_ posture: Posture) {
        state.apply(posture)
        readSensor()
        updateLayout()
    }

    /// Turns the device.
    public func setOrientation(_ orientation: DeviceOrientation) {
        state.orientation = orientation
        updateLayout()
    }

    /// Moves the fold.
    /// - Throws: ``DeviceStateError`` without a fold or outside the profile's range.
    public func setFoldPosition(_ position: Double) throws(DeviceStateError) {
        try state.setFoldPosition(position)
        updateLayout()
    }

    /// Starts or stops using the inner camera (its occlusion follows).
    public func setInnerCameraInUse(_ inUse: Bool) {
        state.isInnerCameraInUse = inUse
        updateLayout()
    }

    /// Changes the layout direction.
    public func setLayoutDirection(_ direction: LayoutDirection) {
        state.layoutDirection = direction
        updateLayout()
    }

    /// Lets `seconds` of simulated time pass and takes one sensor reading
    /// (call it once per frame). Negative or non-finite steps are ignored.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        time += seconds
        readSensor()
    }

    // MARK: - Observation

    /// Calls `handler(previous, current)` on every change of the hinge as
    /// apps see it. Not called for the current value: read ``hingeContext``.
    /// Keep the token; ``ObservationToken/cancel()`` stops the calls.
    public func observeHinge(_ handler: @escaping (_ previous: HingeContext, _ current: HingeContext) -> Void) -> ObservationToken {
        let id = takeObserverID()
        hingeObservers[id] = handler
        return ObservationToken { [weak self] in self?.hingeObservers[id] = nil }
    }

    /// Calls `handler(context)` for every layout pass: once now with the
    /// current context, then whenever the size, layout direction or
    /// regions change. The context holds no hinge.
    public func observeLayout(_ handler: @escaping (LayoutContext) -> Void) -> ObservationToken {
        let id = takeObserverID()
        layoutObservers[id] = handler
        handler(layoutContext)
        return ObservationToken { [weak self] in self?.layoutObservers[id] = nil }
    }

    /// Calls `handler(state)` after every change of the device state (hinge,
    /// orientation, fold, camera use, direction), layout or not. Not called
    /// for the current value: read ``state``. For system services that
    /// follow the true geometry (the cameras), never for layout.
    public func observeState(_ handler: @escaping (DeviceState) -> Void) -> ObservationToken {
        let id = takeObserverID()
        stateObservers[id] = handler
        return ObservationToken { [weak self] in self?.stateObservers[id] = nil }
    }

    // MARK: - Internals

    private func takeObserverID() -> Int {
        nextObserverID += 1
        return nextObserverID
    }

    private func readSensor() {
        guard var sensor, var tracker else { return }
        let reading = sensor.read(trueAngle: state.hingeAngle, at: time)
        self.sensor = sensor
        guard let reading else { return }
        tracker.record(reading)
        self.tracker = tracker
        let current = HingeContext(hinge: tracker.hinge)
        guard current != hingeContext else { return }
        let previous = hingeContext
        hingeContext = current
        // Sorted so observers run in the order they registered.
        for id in hingeObservers.keys.sorted() {
            hingeObservers[id]?(previous, current)
        }
    }

    private func notifyStateObservers() {
        guard state != notifiedState else { return }
        notifiedState = state
        stateChangeCount += 1
        let change = stateChangeCount
        for id in stateObservers.keys.sorted() {
            // An observer that changed the state again has had everyone told of the newer state.
            guard change == stateChangeCount else { return }
            stateObservers[id]?(state)
        }
    }

    private func updateLayout() {
        notifyStateObservers()
        let context = state.layoutContext
        guard context != layoutContext else { return }
        layoutContext = context
        layoutPassCount += 1
        for id in layoutObservers.keys.sorted() {
            layoutObservers[id]?(context)
        }
    }
}
