import DuoClient
import DuoLoadTest
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// The scripts `duo-server load` plays by default: real moves recorded from
/// the game's bots, which a live match follows whoever moves first.
@Suite("Load scripts")
struct LoadScriptTests {
    let game: AnyGame

    init() throws {
        game = try TestServer.catalog.entry(named: "broadside").load(assets: TestServer.assets)
    }

    /// The move a script's request line carries, as the server reads it.
    static func move(in request: [UInt8]) throws -> Data {
        guard case .move(let move) = try ClientMessage(line: request) else {
            Issue.record("not a move request: \(String(decoding: request, as: UTF8.self))")
            return Data()
        }
        return Data(move.serialized)
    }

    /// Plays `script` into a new session from `setup`, each seat its own
    /// moves in order: the seats whose script ran out before the end, and the result.
    func play(_ script: MoveScript, from setup: MatchSetup) throws -> (ranOut: SeatSet, session: any GameSession) {
        let session = game.makeSession(setup: setup, players: SeatPair(repeating: "player"))
        var next = SeatPair(0, 0)
        var ranOut = SeatSet.none
        while session.result == nil {
            let toMove = session.seatsToMove
            for seat in Seat.allCases where toMove.contains(seat) {
                guard next[seat] < script.requests[seat].count else {
                    ranOut.insert(SeatSet(seat))
                    continue
                }
                let move = try Self.move(in: script.requests[seat][next[seat]])
                next[seat] += 1
                let outcome = session.submit(move, by: seat)
                guard case .success = outcome else {
                    Issue.record("scripted move \(next[seat]) of seat \(seat) refused: \(outcome)")
                    return (ranOut, session)
                }
            }
            if toMove.isSubset(of: ranOut) { break }
        }
        return (ranOut, session)
    }

    @Test("a recorded match replays, move for move, to its end from the same setup")
    func replaysFromTheSameSetup() throws {
        let setup = MatchSetup(seed: 7, firstSeat: .first)
        let script = try MoveScript.record(game, setup: setup)
        #expect(script.requests[.first].count >= 5 && script.requests[.second].count >= 5, "five ships each, then shots")
        let (ranOut, session) = try play(script, from: setup)
        #expect(ranOut.isEmpty)
        let result = try #require(session.result)
        #expect(session.moveCount == script.count, "every move used, none left: \(result)")
    }

    @Test("with the other seat first and another seed, every scripted Broadside move is still legal")
    func followsWhoeverMovesFirst() throws {
        for index in 0..<8 {
            let recorded = MatchSetup(batchSeed: 3, matchIndex: index)
            let script = try MoveScript.record(game, setup: recorded)
            let live = MatchSetup(seed: recorded.seed &+ 1, firstSeat: recorded.firstSeat.opponent)
            let (ranOut, session) = try play(script, from: live)
            // The recorded loser fired one shot fewer than the winner; moving
            // first now, it may need that one shot more, which a load client asks as a hint.
            #expect(session.result != nil || ranOut == .first || ranOut == .second, "match \(index): ran out \(ranOut)")
            #expect(session.moveCount >= script.count - 1, "match \(index)")
        }
    }

    /// Runs `matches` load matches against a server on sockets, from `scripts`.
    func load(_ scripts: [MoveScript], matches: Int) throws -> LoadReport {
        let harness = try TestServer(sockets: true)
        defer { harness.stop() }
        var configuration = LoadTest.Configuration(server: harness.address)
        configuration.concurrent = 2
        configuration.matches = matches
        configuration.think = Duration.zero
        configuration.ramp = Duration.zero
        configuration.duration = .seconds(120)
        configuration.moveSource = .script
        configuration.scripts = scripts
        return try LoadTest(configuration: configuration).run()
    }

    @Test("load clients play whole matches from scripts: moves scripted, no script left, no error")
    func loadPlaysScripts() throws {
        let report = try load(try MoveScript.record(game, count: 4, seed: 1), matches: 4)
        #expect(report.errors == 0, "\(report.firstError ?? "")")
        #expect(report.matchesFinished == 4)
        #expect(report.scriptsLeft == 0)
        #expect(report.scriptedMoves >= report.moves - 4, "at most the loser's last shot of each match is a hint")
        #expect(report.hints == report.moves - report.scriptedMoves)
    }

    @Test("a match that leaves its script (a scripted move refused) is played on with hints, with no error")
    func aRefusedScriptedMoveHandsOverToHints() throws {
        let recorded = try MoveScript.record(game, setup: MatchSetup(batchSeed: 1, matchIndex: 0))
        // Each seat fires its first shot twice: the second time the server refuses it.
        var requests = recorded.requests
        for seat in Seat.allCases { requests[seat].insert(requests[seat][5], at: 6) }
        let report = try load([MoveScript(requests: requests)], matches: 2)
        #expect(report.errors == 0, "\(report.firstError ?? "")")
        #expect(report.matchesFinished == 2)
        #expect(report.scriptsLeft == 4, "both seats of both matches left their script at the repeated shot")
        #expect(report.hints >= report.moves - 4 * 6, "after it, every move was a hint")
        #expect(report.refusedMoves == 0, "a script's refusal is not a stale list's")
    }
}
