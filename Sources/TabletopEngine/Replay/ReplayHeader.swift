/// The first line of a replay: which game, which rules, which seed, who played.
///
/// See `docs/REPLAY.md` for the format as other tools see it.
public struct ReplayHeader: Decodable, Equatable, Sendable, ReplayLine {
    /// The format's name, always ``ReplayHeader/formatName``.
    public var format: String
    /// The format's version, ``ReplayHeader/currentVersion`` for files this build writes.
    public var version: Int
    /// The game's catalog name.
    public var game: String
    /// The rules variant.
    public var variant: String
    /// The version of the rules code.
    public var rulesVersion: Int
    /// The hash of the rules data the match was played under.
    public var rulesHash: StableHash
    /// The match's seed (written as a decimal string: 64 bits do not fit a JSON double).
    public var seed: UInt64
    /// The seat that moved first.
    public var firstSeat: Seat
    /// Who played each seat (a bot name, a script, a player's label).
    public var players: SeatPair<String>
    /// The hash of the state before any move.
    public var initialHash: StableHash

    /// The value of `format`.
    public static let formatName = "duo-replay"
    /// The version this build writes: 2 names each seat's score `scores`
    /// in the result line, where version 1 said `shots`.
    public static let currentVersion = 2
    /// The versions this build reads (version 1 files of older builds, and
    /// server journals they left, still verify and resume).
    public static let readableVersions = 1...2

    /// Makes a header.
    public init(
        game: String, variant: String, rulesVersion: Int, rulesHash: StableHash,
        setup: MatchSetup, players: SeatPair<String>, initialHash: StableHash
    ) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.game = game
        self.variant = variant
        self.rulesVersion = rulesVersion
        self.rulesHash = rulesHash
        self.seed = setup.seed
        self.firstSeat = setup.firstSeat
        self.players = players
        self.initialHash = initialHash
    }

    /// The setup the match started from.
    public var setup: MatchSetup { MatchSetup(seed: seed, firstSeat: firstSeat) }

    enum CodingKeys: String, CodingKey {
        case type, format, version, game, variant, rulesVersion, rulesHash, seed, firstSeat, players, initialHash
    }

    /// Decodes a header line; `type` must be `header`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try ReplayLines.expectType("header", in: container, forKey: .type)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        game = try container.decode(String.self, forKey: .game)
        variant = try container.decode(String.self, forKey: .variant)
        rulesVersion = try container.decode(Int.self, forKey: .rulesVersion)
        rulesHash = try container.decode(StableHash.self, forKey: .rulesHash)
        let seedText = try container.decode(String.self, forKey: .seed)
        guard let seed = UInt64(seedText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .seed, in: container,
                debugDescription: "seed '\(seedText)' is not a 64-bit unsigned integer")
        }
        self.seed = seed
        firstSeat = try container.decode(Seat.self, forKey: .firstSeat)
        players = try container.decode(SeatPair<String>.self, forKey: .players)
        initialHash = try container.decode(StableHash.self, forKey: .initialHash)
    }

    /// Writes the line with `type` first, in the documented key order.
    public func write(to object: inout OrderedJSONObject) {
        object.add("type", "header")
        object.add("format", format)
        object.add("version", version)
        object.add("game", game)
        object.add("variant", variant)
        object.add("rulesVersion", rulesVersion)
        object.add("rulesHash", rulesHash)
        object.add("seed", String(seed))
        object.add("firstSeat", firstSeat)
        object.add("players", players)
        object.add("initialHash", initialHash)
    }
}
