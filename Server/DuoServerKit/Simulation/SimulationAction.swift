import DuoSupport

/// One step of a simulation, drawn from the seed before the run starts.
///
/// A step names what happens (a client moves, a sync completes, the
/// process crashes) and carries two random numbers; which client, which
/// move, how long, are chosen from them against the state the run has
/// reached. So a step means something in any run, and a run shrinks by
/// leaving steps out: the steps kept still do what they can.
struct SimulationAction {
    /// What happens.
    enum Kind: CaseIterable {
        case connect
        case create
        case join
        case watch
        case resume
        case move
        case outOfTurnMove
        case badMove
        case resign
        case request
        case hostileLine
        case halfLine
        case disconnect
        case reset
        case pauseReading
        case resumeReading
        case completeSyncs
        case completeSomeSyncs
        case failSyncs
        case advanceClock
        case advanceClockFar
        case crash
        case drain

        /// How often the kind comes, in parts of the sum of all weights.
        var weight: Int {
            switch self {
            case .connect: 50
            case .create: 45
            case .join: 60
            case .watch: 20
            case .resume: 35
            case .move: 330
            case .outOfTurnMove: 15
            case .badMove: 10
            case .resign: 7
            case .request: 40
            case .hostileLine: 12
            case .halfLine: 10
            case .disconnect: 25
            case .reset: 12
            case .pauseReading: 30
            case .resumeReading: 10
            case .completeSyncs: 140
            case .completeSomeSyncs: 40
            case .failSyncs: 2
            case .advanceClock: 40
            case .advanceClockFar: 14
            case .crash: 6
            case .drain: 2
            }
        }

        static let totalWeight = allCases.reduce(0) { $0 + $1.weight }
    }

    let kind: Kind
    /// Picks the subject (a client, a ticket, a match).
    let target: UInt64
    /// Picks the details (which move, how long, which line).
    let detail: UInt64

    /// The steps seed `seed` plans.
    static func plan(seed: UInt64, steps: Int) -> [SimulationAction] {
        var random = SplitMix64(seed: seed)
        return (0..<steps).map { _ in
            var pick = Int(random.next() % UInt64(Kind.totalWeight))
            var chosen = Kind.connect
            for kind in Kind.allCases {
                if pick < kind.weight {
                    chosen = kind
                    break
                }
                pick -= kind.weight
            }
            return SimulationAction(kind: chosen, target: random.next(), detail: random.next())
        }
    }
}
