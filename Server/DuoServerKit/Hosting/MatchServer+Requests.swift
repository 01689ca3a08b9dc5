import DuoClient
import DuoNet
import Foundation
import TabletopEngine

extension MatchServer {
    // MARK: create

    func create(_ request: CreateRequest, from connection: ConnectionID) {
        guard leaveFinishedMatch(connection, for: "create") else { return }
        guard !draining else {
            send(ProtocolError(.serverStopping, "the server is stopping and starts no match", inReplyTo: "create"), to: connection)
            return
        }
        guard matches.values.lazy.filter({ !$0.isOver }).count < configuration.maxMatches else {
            send(ProtocolError(.tooManyMatches, "the server already hosts \(configuration.maxMatches) matches", inReplyTo: "create"), to: connection)
            return
        }
        let game: AnyGame
        switch loadGame(named: request.game ?? configuration.catalog.defaultGame, variant: request.variant) {
        case .success(let loaded): game = loaded
        case .failure(let error):
            send(error, to: connection)
            return
        }
        let creatorSeat = request.seat ?? .first
        let host = clients[connection]?.host ?? "?"
        if request.bot == nil {
            // A match without a bot waits for an opponent: bounded per address
            // and in all, so creating and dropping matches in a loop is refused
            // long before it costs the server anything that matters.
            guard waitingCount < configuration.maxWaitingMatches || dropOldestAbandonedWaitingMatch() else {
                let message =
                    "the server already has \(configuration.maxWaitingMatches) matches waiting for an opponent: join one, or try again later"
                send(ProtocolError(.tooManyWaiting, message, inReplyTo: "create"), to: connection)
                return
            }
            guard waitingByHost[host, default: 0] < configuration.maxWaitingPerAddress else {
                let message =
                    "\(host) already has \(configuration.maxWaitingPerAddress) matches waiting for an opponent: "
                    + "they must be joined, or expire, before it creates another"
                send(ProtocolError(.tooManyWaiting, message, inReplyTo: "create"), to: connection)
                return
            }
        }
        let created: (HostedMatch, String)
        do {
            created = try openMatch(game: game, creatorSeat: creatorSeat, bot: request.bot, creatorHost: host)
        } catch let error as ProtocolError {
            send(error, to: connection)
            return
        } catch {
            log.error("create failed: \(error)")
            send(ProtocolError(.storageFailed, "the match could not be stored: \(error)", inReplyTo: "create"), to: connection)
            return
        }
        let (match, token) = created
        matches[match.code] = match
        metrics.matchesCreated += 1
        match.holders[creatorSeat] = .player(token: token, connection: connection)
        attach(connection, to: match, seat: creatorSeat)
        log(
            "match \(match.code) created by \(clients[connection]?.peer ?? "?"): \(game.name)/\(game.variant)\(request.bot.map { " against bot \($0)" } ?? "")"
        )
        match.emit(seatedLine("created", match: match, seat: creatorSeat, token: token), to: .connection(connection))
        runBots(in: match)
        broadcastState(of: match)
        updateTimers(of: match, moved: nil)
        requestSync(of: match)
    }

    /// Makes the session, the code and the journal of a new match.
    private func openMatch(game: AnyGame, creatorSeat: Seat, bot: String?, creatorHost: String) throws -> (HostedMatch, String) {
        let seedBytes = try randomBytes(9)
        let seed = seedBytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        // The first seat is a coin toss from the secure source: neither the
        // creator nor the joiner can count on moving first.
        let setup = MatchSetup(seed: seed, firstSeat: seedBytes[8] & 1 == 0 ? .first : .second)
        var players = SeatPair("player", "player")
        if let bot { players[creatorSeat.opponent] = bot }
        let session = game.makeSession(setup: setup, players: players)
        if let bot {
            do {
                try session.attachBot(named: bot, to: creatorSeat.opponent)
            } catch {
                throw ProtocolError(.unknownBot, "\(error)", inReplyTo: "create")
            }
        }
        let token = try makeSeatToken()
        var journal: JournalFile?
        var code = ""
        for _ in 0..<16 where journal == nil {
            code = try makeMatchCode()
            guard matches[code] == nil, !store.isTaken(code) else { continue }
            journal = try? makeJournal(code)
        }
        guard let journal else { throw ProtocolError(.storageFailed, "no free match code could be stored", inReplyTo: "create") }
        var holders = SeatPair<HostedMatch.Holder>(.open, .open)
        if let bot { holders[creatorSeat.opponent] = .bot(name: bot) }
        let match = HostedMatch(
            code: code, game: game, session: session, journal: journal, holders: holders, lines: 0,
            creatorHost: creatorHost)
        var records: [JournalRecord] = [.opening(code: code)]
        records += ReplayLines.split(session.replay).map { JournalRecord.replay([UInt8]($0.text), kind: "header") }
        records.append(.seat(creatorSeat, .player(token: token)))
        if let bot { records.append(.seat(creatorSeat.opponent, .bot(name: bot))) }
        do {
            try match.append(records)
        } catch {
            try? journal.close()
            try? FileManager.default.removeItem(at: store.journalURL(code))
            throw error
        }
        return (match, token)
    }

    /// Loads (once) a game's variant from the catalog.
    func loadGame(named name: String, variant: String?) -> Result<AnyGame, ProtocolError> {
        let entry: GameCatalogEntry
        do {
            entry = try configuration.catalog.entry(named: name)
        } catch {
            return .failure(ProtocolError(.unknownGame, "\(error)", inReplyTo: "create"))
        }
        let key = "\(entry.name)/\(variant ?? entry.defaultVariant)"
        if let game = loadedGames[key] { return .success(game) }
        do {
            let game = try entry.load(variant: variant, assets: configuration.assets)
            loadedGames[key] = game
            return .success(game)
        } catch {
            if case .unknownVariant = error {
                return .failure(ProtocolError(.unknownVariant, "\(error)", inReplyTo: "create"))
            }
            log.error("cannot load \(key): \(error)")
            return .failure(ProtocolError(.unknownVariant, "the server cannot load \(key): \(error)", inReplyTo: "create"))
        }
    }

    // MARK: join, watch, resume

    func join(_ code: String, from connection: ConnectionID) {
        guard leaveFinishedMatch(connection, for: "join") else { return }
        // A finished match answers `matchOver` for as long as its result is
        // kept, in memory or (once its players left) as a replay, as `watch`
        // and `resume` answer it.
        if matches[code] == nil, isFinishedAndKept(code) {
            send(ProtocolError(.matchOver, "match \(code) is over (watch it to see the result)", inReplyTo: "join"), to: connection)
            return
        }
        guard let match = lookUp(code, from: connection, for: "join") else { return }
        guard match.stage == .live, !match.isOver else {
            send(ProtocolError(.matchOver, "match \(code) is over", inReplyTo: "join"), to: connection)
            return
        }
        guard let seat = match.openSeat else {
            send(ProtocolError(.matchFull, "both seats of match \(code) are taken", inReplyTo: "join"), to: connection)
            return
        }
        let token: String
        do {
            token = try makeSeatToken()
            try match.append([.seat(seat, .player(token: token))])
        } catch {
            suspend(match, because: "\(error)")
            send(ProtocolError(.storageFailed, "match \(code) could not record the join", inReplyTo: "join"), to: connection)
            return
        }
        match.holders[seat] = .player(token: token, connection: connection)
        attach(connection, to: match, seat: seat)
        log("match \(code): \(seat) joined from \(clients[connection]?.peer ?? "?")")
        match.emit(seatedLine("joined", match: match, seat: seat, token: token), to: .connection(connection))
        match.emit(ServerLine.opponent(.joined), to: .seat(seat.opponent))
        broadcastState(of: match)
        updateTimers(of: match, moved: nil)
        requestSync(of: match)
    }

    func watch(_ code: String, from connection: ConnectionID) {
        guard leaveFinishedMatch(connection, for: "watch") else { return }
        if matches[code] == nil, answerFromReplay(code, for: "watch", to: connection) { return }
        guard let match = lookUp(code, from: connection, for: "watch") else { return }
        match.spectators.insert(connection)
        attach(connection, to: match, seat: nil)
        match.emit(
            ServerLine.watching(code: code, game: match.game.name, variant: match.game.variant, rules: match.game.rulesJSON),
            to: .connection(connection))
        match.emit(publicViewLine(of: match), to: .connection(connection))
        if let result = match.session.result {
            match.emit(ServerLine.ended(code: code, result: result), to: .connection(connection))
        }
        flush(match)
    }

    func resume(_ code: String, seat: Seat, token: String, from connection: ConnectionID) {
        guard leaveFinishedMatch(connection, for: "resume") else { return }
        if matches[code] == nil, answerFromReplay(code, for: "resume", to: connection) { return }
        guard let match = lookUp(code, from: connection, for: "resume") else { return }
        guard case .player(let real, let previous) = match.holders[seat], SeatToken.matches(token, real) else {
            // The same answer whatever is wrong (no such seat holder, a bot,
            // another seat's token): nothing to learn by probing.
            send(ProtocolError(.wrongToken, "that token does not hold \(seat) of match \(code)", inReplyTo: "resume"), to: connection)
            return
        }
        if let previous, previous != connection, let old = clients[previous] {
            send(ProtocolError(.seatTakenOver, "\(seat) of match \(code) was resumed from another connection"), to: previous)
            detach(previous, client: old, announce: false)
            restartIdleTimer(of: previous)
        }
        match.holders[seat] = .player(token: real, connection: connection)
        attach(connection, to: match, seat: seat)
        updateWaiting(match)
        log("match \(code): \(seat) resumed from \(clients[connection]?.peer ?? "?")")
        match.emit(seatedLine("resumed", match: match, seat: seat, token: real), to: .connection(connection))
        match.emit(seatViewLine(of: match, seat: seat), to: .connection(connection))
        if let result = match.session.result {
            match.emit(ServerLine.ended(code: code, result: result), to: .seat(seat), isResult: true)
        } else {
            match.emit(ServerLine.opponent(.reconnected), to: .seat(seat.opponent))
        }
        flush(match)
    }

    // MARK: move, legal, resign

    /// Plays `move` (its JSON, compact with sorted keys) for the connection's
    /// seat; `wholeNumbersOnly` is false when a number in it has a fraction
    /// or an exponent, which the protocol refuses.
    func play(_ move: ArraySlice<UInt8>, wholeNumbersOnly: Bool, from connection: ConnectionID) {
        guard let (match, seat) = playedMatch(of: connection, for: "move") else { return }
        // Moves (and turn clocks) start when both seats are held: a creator
        // cannot play, nor place its pieces, before anyone has joined.
        guard match.isFull || match.isOver else {
            let message = "match \(match.code) waits for an opponent: moves start once both seats are held"
            send(ProtocolError(.waitingForOpponent, message, inReplyTo: "move"), to: connection)
            return
        }
        // Integers are strict everywhere in the protocol: `"ship": 1.0` is
        // refused like `"version": 1.0`, not read as 1 by the game's decoder.
        guard wholeNumbersOnly else {
            send(
                ProtocolError(
                    code: SessionRejection.badMoveCode,
                    message: "numbers in a move are integers, written without a fraction or exponent (1, not 1.0)", inReplyTo: "move"),
                to: connection)
            return
        }
        let received = ContinuousClock.now
        let receipt: SessionReceipt
        switch match.session.submit(Data(move), by: seat) {
        case .failure(let rejection):
            // Refused: the session is unchanged, and so is the journal.
            send(ProtocolError(code: rejection.code, message: rejection.message, inReplyTo: "move"), to: connection)
            return
        case .success(let accepted):
            receipt = accepted
        }
        do {
            try match.appendReplayLines(of: receipt)
        } catch {
            suspend(match, because: "\(error)")
            return
        }
        metrics.movesAccepted += 1
        match.movesAwaitingSync.append((match.appendedLines, received))
        let accepted = ServerLine.accepted(number: receipt.number)
        if !plantedFaultAcknowledges(accepted, to: connection) { match.emit(accepted, to: .connection(connection)) }
        runBots(in: match)
        broadcastState(of: match)
        updateTimers(of: match, moved: seat)
        requestSync(of: match)
    }

    /// The seat's legal moves in one line no longer than the line cap (what
    /// every client's framer accepts); moves too many for that are described
    /// in a `tooManyMoves` error instead.
    func legalMoves(for connection: ConnectionID) {
        guard let (match, seat) = playedMatch(of: connection, for: "legal") else { return }
        guard match.isFull || match.isOver else {
            send(ServerLine.legal(moves: Data("[]".utf8)), to: connection)  // no move yet: the match waits for an opponent
            return
        }
        let envelope = ServerLine.legal(moves: Data()).count
        switch match.legalMoves(for: seat, maxBytes: configuration.limits.maxLineBytes - envelope) {
        case .listed(let moves):
            send(ServerLine.legal(moves: moves), to: connection)
        case .described(let space):
            let message = "too many moves to list: \(space.summary); pick one from the error's space, or ask for a hint"
            send(ProtocolError(.tooManyMoves, message, inReplyTo: "legal", moveSpace: space), to: connection)
        }
    }

    /// A suggestion from the game's weakest bot, which sees only the seat's
    /// view (so a hint can never leak a secret). The move is not played.
    func hint(for connection: ConnectionID) {
        guard let (match, seat) = playedMatch(of: connection, for: "hint") else { return }
        guard match.isFull else {
            send(ServerLine.hint(move: nil), to: connection)  // no move yet: the match waits for an opponent
            return
        }
        if !match.hintBots.contains(seat), let bot = match.game.botNames.first {
            // A bot object lives beside the player in the session; it plays
            // nothing by itself (only seats held by bots are played by the server).
            try? match.session.attachBot(named: bot, to: seat)
            match.hintBots.insert(seat)
        }
        send(ServerLine.hint(move: match.session.botMoveJSON(for: seat)), to: connection)
    }

    func resign(from connection: ConnectionID) {
        guard let (match, seat) = playedMatch(of: connection, for: "resign") else { return }
        guard match.session.result == nil else {
            send(ProtocolError(.matchOver, "match \(match.code) is already over", inReplyTo: "resign"), to: connection)
            return
        }
        log("match \(match.code): \(seat) resigned")
        plantedFaultOnResign(match)
        forfeit(match, by: seat)
    }

    /// Ends a match with `seat` losing by forfeit (resignation, timeout)
    /// and tells everyone.
    func forfeit(_ match: HostedMatch, by seat: Seat) {
        guard recordForfeit(match, by: seat) else { return }
        broadcastState(of: match)
        updateTimers(of: match, moved: nil)
        requestSync(of: match)
    }

    /// Ends the match by forfeit in the session and the journal only.
    /// - Returns: false when it was already over or the journal failed.
    private func recordForfeit(_ match: HostedMatch, by seat: Seat) -> Bool {
        guard match.stage == .live, let line = match.session.forfeit(by: seat) else { return false }
        do {
            try match.append([.replay(Self.withoutNewline(line), kind: "result")])
        } catch {
            suspend(match, because: "\(error)")
            return false
        }
        return true
    }

    // MARK: Bots and views

    /// Lets the server's bots make every move that is theirs to make now.
    func runBots(in match: HostedMatch) {
        // Most matches are between players: nothing to ask the session.
        guard match.hasBot else { return }
        // A bound, not a timeout: a bot that always answers yet never ends
        // its turn would be a game bug; it must not hang the server.
        for _ in 0..<100_000 {
            guard match.stage == .live, match.session.result == nil else { return }
            var moved = false
            let toMove = match.session.seatsToMove
            for seat in Seat.allCases where toMove.contains(seat) {
                guard case .bot(let name) = match.holders[seat], let move = match.session.botMoveJSON(for: seat) else { continue }
                switch match.session.submit(move, by: seat) {
                case .success(let receipt):
                    do {
                        try match.appendReplayLines(of: receipt)
                    } catch {
                        suspend(match, because: "\(error)")
                        return
                    }
                    metrics.movesAccepted += 1
                    moved = true
                case .failure(let rejection):
                    // A game bug, not a player's: the bot's seat loses, and the
                    // caller tells everyone with the rest of the news.
                    log.warning("match \(match.code): bot \(name) made a refused move (\(rejection)); it forfeits")
                    _ = recordForfeit(match, by: seat)
                    return
                }
            }
            if !moved { return }
        }
    }

    /// Queues each seat's view, the public view for spectators and, once
    /// over, the result: all held until the journal is durable.
    func broadcastState(of match: HostedMatch) {
        // A seat nobody is connected to gets no view: encoding one costs the
        // most of any step of a move, and `resume` sends a fresh one anyway.
        for seat in Seat.allCases where match.connection(of: seat) != nil {
            match.emit(seatViewLine(of: match, seat: seat), to: .seat(seat))
        }
        if !match.spectators.isEmpty {
            match.emit(publicViewLine(of: match), to: .spectators)
        }
        if let result = match.session.result {
            let ended = ServerLine.ended(code: match.code, result: result)
            for seat in match.playerSeats { match.emit(ended, to: .seat(seat), isResult: true) }
            match.emit(ended, to: .spectators)
            log("match \(match.code) over: \(result.winner.map { "\($0) wins" } ?? "draw") (\(result.reason))")
        }
    }

    /// The `view` line of `seat` (the bytes of `ServerLine.view`), written
    /// in the server's one line buffer: the game writes the view in place.
    func seatViewLine(of match: HostedMatch, seat: Seat) -> [UInt8] {
        lineBuffer.removeAll()
        ServerLine.beginView(head: match.viewLineHead, seat: seat, moves: match.session.moveCount, toMove: seatsToMove(in: match), to: &lineBuffer)
        match.session.writeSeatViewJSON(for: seat, to: &lineBuffer)
        lineBuffer.byte(UInt8(ascii: "}"))
        return lineBuffer.withUnsafeBytes { Array($0) }
    }

    /// The spectators' `view` line, like ``seatViewLine(of:seat:)``.
    func publicViewLine(of match: HostedMatch) -> [UInt8] {
        lineBuffer.removeAll()
        ServerLine.beginView(head: match.viewLineHead, seat: nil, moves: match.session.moveCount, toMove: seatsToMove(in: match), to: &lineBuffer)
        match.session.writePublicViewJSON(to: &lineBuffer)
        lineBuffer.byte(UInt8(ascii: "}"))
        return lineBuffer.withUnsafeBytes { Array($0) }
    }

    /// The seats that may move now: none while a seat is free, since moves
    /// start when both seats are held.
    func seatsToMove(in match: HostedMatch) -> SeatSet { match.isFull ? match.session.seatsToMove : .none }

    func seatedLine(_ kind: String, match: HostedMatch, seat: Seat, token: String) -> [UInt8] {
        ServerLine.seated(
            kind, ticket: SeatTicket(code: match.code, seat: seat, token: token),
            game: match.game.name, variant: match.game.variant, rules: match.game.rulesJSON,
            opponent: match.holders[seat.opponent].label)
    }

    static func withoutNewline(_ data: Data) -> [UInt8] {
        var bytes = [UInt8](data)
        while bytes.last == 0x0A || bytes.last == 0x0D { bytes.removeLast() }
        return bytes
    }
}
