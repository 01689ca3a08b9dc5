import Broadside
import DuoClient
import DuoServerKit
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

/// What docs/PROTOCOL.md says each request gets, held to the server: every
/// example line of its error table gets its row's code, moves start when both
/// seats are held, the final views of a forfeit say the match is over, and a
/// finished match answers `join` with one code while its result is kept.
@Suite struct ProtocolErrorTableTests {
    /// Each row of the error table with the example lines (`{"type":...}` in
    /// code voice) of its second column.
    static func examples() throws -> [(code: String, line: String)] {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        var inTable = false
        var examples: [(String, String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inTable = line == "## Error codes" }
            guard inTable, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 3 else { continue }
            let code = cells[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let spans = cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            for (_, span) in spans where span.hasPrefix(#"{"type":"#) || span.hasPrefix("{\"move\"") || span.hasPrefix("[") || span.hasSuffix(",") {
                examples.append((code, String(span)))
            }
        }
        return examples
    }

    @Test("every example line of PROTOCOL.md's error table gets the code of its row, and nothing changes")
    func eachExampleGetsItsRowsCode() throws {
        let examples = try Self.examples()
        // The cases the table must show, so that a row cannot lose them unnoticed.
        for code in ["badJSON", "notAnObject", "missingField", "wrongFieldType", "invalidValue", "unknownType", "unsupportedVersion", "badMove"] {
            #expect(examples.contains { $0.code == code }, "the error table shows no example line for \(code)")
        }
        #expect(examples.contains { $0.code == "wrongFieldType" && $0.line.contains("1000000000000000000000000000000") })
        #expect(examples.contains { $0.code == "badMove" && $0.line.contains(#""move":"fire A1""#) })
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        let journal = try server.journalLineCount(pair.code)
        for (code, line) in examples {
            if line.hasPrefix(#"{"type":"hello""#) {
                // Sent first on a connection of its own, as hello is.
                let fresh = try TestPlayer(server, hello: false)
                try fresh.send(line)
                let error = try fresh.expectError(code)
                #expect(error.code == code, "\(line)")
            } else {
                try pair.players.first.send(line)
                let error = try pair.players.first.expectError(code)
                #expect(error.code == code, "\(line)")
            }
        }
        #expect(try server.journalLineCount(pair.code) == journal, "a refused request changes nothing")
    }

    @Test("a created match takes no move before both seats are held: toMove is empty, move is waitingForOpponent, legal is [], hint null")
    func movesStartWhenBothSeatsAreHeld() throws {
        let server = try TestServer()
        defer { server.stop() }
        let creator = try TestPlayer(server)
        try creator.send(#"{"type":"create"}"#)
        guard case .seated(_, let ticket, _, _, _, let opponent) = try creator.expect("created") else {
            Issue.record("no created")
            return
        }
        #expect(opponent == nil)
        #expect(try creator.nextView().toMove == .none)
        let journal = try server.journalLineCount(ticket.code)
        try creator.sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        try creator.expectError("waitingForOpponent")
        #expect(try creator.legalMoves().isEmpty)
        try creator.send(#"{"type":"hint"}"#)
        #expect(try creator.expect("hint") == .hint(move: nil))
        #expect(try server.journalLineCount(ticket.code) == journal, "nothing was journaled")

        let joiner = try TestPlayer(server)
        try joiner.send(#"{"type":"join","code":"\#(ticket.code)"}"#)
        try joiner.expect("joined")
        #expect(try joiner.nextView().toMove == .both)
        try creator.expect("opponent")
        #expect(try creator.nextView().toMove == .both)
        try creator.sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        try creator.expect("accepted")
    }

    @Test("a seat whose fleet is complete is told notYourTurn for place, reset and fire while the other seat places")
    func aCompleteFleetWaitsWithNotYourTurn() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        while pair.views.first.toMove.contains(.first) {
            try pair.playOne(.first)
        }
        #expect(pair.views.first.toMove == SeatSet(.second))
        for move in [#"{"place":{"ship":0,"at":"J1","heading":"across"}}"#, #"{"reset":true}"#, #"{"fire":"A1"}"#] {
            try pair.players.first.sendMove(move)
            try pair.players.first.expectError("notYourTurn")
        }
    }

    @Test("after a resignation, in placement or battle, every final view says the match is over")
    func theFinalViewsOfAForfeitSayOver() throws {
        for battle in [false, true] {
            let server = try TestServer()
            defer { server.stop() }
            var pair = try SeatedPair.start(server)
            let spectator = try TestPlayer(server)
            try spectator.send(#"{"type":"watch","code":"\#(pair.code)"}"#)
            try spectator.expect("watching")
            _ = try spectator.nextView()
            if battle {
                while let seat = pair.seatToMove, pair.views.first.toMove.seats.count != 1 || pair.views.first.moves < 12 {
                    try pair.playOne(seat)
                }
                #expect(try pair.views.first.decode(BroadsideSeatView.self).phase == .battle)
            }
            try pair.players.second.send(#"{"type":"resign"}"#)
            for seat in Seat.allCases {
                let final = try pair.players[seat].nextView()
                let view = try final.decode(BroadsideSeatView.self)
                #expect(final.toMove == .none)
                #expect(view.phase == .over && view.turn == nil && view.salvoSize == 0, "\(battle ? "battle" : "placing"): \(view)")
                try pair.players[seat].expect("ended")
            }
            var last: ViewUpdate?
            while true {
                let message = try spectator.receive()
                if case .view(let update) = message { last = update }
                if case .ended = message { break }
            }
            let watched = try #require(last).decode(BroadsidePublicView.self)
            #expect(watched.phase == .over && watched.turn == nil, "\(watched)")
        }
    }

    @Test("join of a finished match is matchOver while its players are there and after they left, while its result is kept")
    func joinOfAFinishedMatchIsMatchOverWhileTheResultIsKept() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        try pair.players.first.send(#"{"type":"resign"}"#)
        try pair.players.first.expect("ended")
        try pair.players.second.expect("ended")
        let stranger = try TestPlayer(server)
        try stranger.send(#"{"type":"join","code":"\#(pair.code)"}"#)
        try stranger.expectError("matchOver")
        // Its players gone (the server restarted): the result is kept in the replay, and so is the answer.
        try server.drainAndRestart()
        let later = try TestPlayer(server)
        try later.send(#"{"type":"join","code":"\#(pair.code)"}"#)
        try later.expectError("matchOver")
        try later.send(#"{"type":"watch","code":"\#(pair.code)"}"#)
        try later.expect("watching")
    }
}
