import Foundation

/// A property of the server that a simulation checks after every step.
public enum SimulationInvariant: String, CaseIterable, Sendable, CustomStringConvertible {
    /// No acknowledged move is ever lost or changed, across any number of
    /// crashes: `accepted` leaves only once the move is durable, and the
    /// journal keeps it.
    case acknowledgedMoves = "acknowledged-moves"
    /// Every connection due a view, a result or a reply has it by the time
    /// the loop would sleep, once the journal sync that covers it returned.
    case delivery
    /// Each seat's and spectator's stream is exactly what the game's view
    /// functions give for the journaled match: no leak, no state that was
    /// never journaled.
    case streams
    /// Descriptors, journals, timers and memory follow what is live, and
    /// come back to nothing once every match has ended and been let go.
    case resources
    /// A restart on the same data gives the same matches, turns and seat
    /// holders, with their timers armed again.
    case recovery
    /// Journals hold whole, valid lines whose moves the rules accept.
    case journal
    /// Every line sent is a protocol message, and replies come in the order
    /// of the requests.
    case messages
    /// No output waits unwritten while the event loop would sleep.
    case loop

    /// The invariant's name, as reports print it.
    public var description: String { rawValue }
}

/// An invariant a step broke, and how.
public struct SimulationViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The invariant broken.
    public let invariant: SimulationInvariant
    /// What was seen, in one sentence.
    public let detail: String

    /// Records that `invariant` broke, as `detail` says.
    public init(_ invariant: SimulationInvariant, _ detail: String) {
        self.invariant = invariant
        self.detail = detail
    }

    /// The invariant and the detail.
    public var description: String { "\(invariant): \(detail)" }
}

/// One seed's run: what it did, and the first invariant it broke, if any.
public struct SimulationRun: Sendable {
    /// The seed that decided everything.
    public let seed: UInt64
    /// How many steps the seed plans.
    public let plannedSteps: Int
    /// The planned steps this run took, when it took only some (a shrunk
    /// run); nil for all of them.
    public let keptSteps: [Int]?
    /// The fault planted in the server, if any.
    public let fault: SimulatedFault?
    /// The games the server hosted.
    public let games: [String]
    /// Steps taken (the closing steps that end every match included).
    public internal(set) var steps = 0
    /// Crashes (every unsynced byte lost) and drains, each with a restart.
    public internal(set) var crashes = 0
    /// Moves the server acknowledged to a client.
    public internal(set) var acknowledgedMoves = 0
    /// Matches created.
    public internal(set) var matchesCreated = 0
    /// Lines the clients received and checked.
    public internal(set) var linesChecked = 0
    /// Connections the server dropped as slow readers.
    public internal(set) var slowReadersDropped = 0
    /// Invariant checks made.
    public internal(set) var invariantsChecked = 0
    /// The first invariant broken, and at which planned step (nil: none).
    public internal(set) var failure: (step: Int, violation: SimulationViolation)?
    /// The last steps before the failure, as the run described them.
    public internal(set) var trace: [String] = []

    /// Whether every invariant held.
    public var passed: Bool { failure == nil }

    /// The command that replays this run.
    public var command: String {
        var words = ["duo-server", "simulate", "--seed", "\(seed)", "--steps", "\(plannedSteps)"]
        for game in games { words += ["--game", game] }
        if let keptSteps { words += ["--keep", keptSteps.map(String.init).joined(separator: ",")] }
        if let fault { words += ["--fault", fault.rawValue] }
        return words.joined(separator: " ")
    }
}

/// What many seeds' runs add up to.
public struct SimulationTotals: Sendable {
    /// Seeds run.
    public var seeds = 0
    /// Steps taken.
    public var steps = 0
    /// Crashes and drains, each with a restart.
    public var crashes = 0
    /// Moves acknowledged.
    public var acknowledgedMoves = 0
    /// Matches created.
    public var matchesCreated = 0
    /// Lines received and checked.
    public var linesChecked = 0
    /// Connections dropped as slow readers.
    public var slowReadersDropped = 0
    /// Invariant checks made.
    public var invariantsChecked = 0
    /// The runs that broke an invariant.
    public var failures: [SimulationRun] = []

    /// Makes empty totals.
    public init() {}

    /// Adds one run.
    public mutating func add(_ run: SimulationRun) {
        seeds += 1
        steps += run.steps
        crashes += run.crashes
        acknowledgedMoves += run.acknowledgedMoves
        matchesCreated += run.matchesCreated
        linesChecked += run.linesChecked
        slowReadersDropped += run.slowReadersDropped
        invariantsChecked += run.invariantsChecked
        if !run.passed { failures.append(run) }
    }
}
