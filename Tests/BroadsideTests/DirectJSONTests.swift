import Foundation
import TabletopEngine
import Testing

@testable import Broadside

/// The direct JSON writers give exactly the bytes `JSONEncoder` gives (what
/// the server sent before them), at every state of many random matches.
@Suite struct DirectJSONTests {
    /// Plays random matches to the end, also with resets, 16x16 boards and
    /// salvos, and compares both encodings of every view and legal list.
    @Test(arguments: ["classic", "salvo", "wide"])
    func directBytesMatchTheEncoder(variant: String) throws {
        let game =
            variant == "wide"
            ? try Broadside(variant: "wide", rules: Fixture.rules(rows: 16, columns: 16, ships: [16, 5, 4, 3, 3, 2, 1], shots: .perShipAfloat))
            : try Fixture.game(variant)
        var states = 0
        for seed in 1...6 as ClosedRange<UInt64> {
            var state = game.makeInitialState(MatchSetup(seed: seed))
            var bots = [
                try game.makeBot(named: "random", seat: .first, seed: seed),
                try game.makeBot(named: "hunt:spread", seat: .second, seed: seed &+ 99),
            ]
            var generator = SeededGenerator(seed: seed)
            var moves = 0
            while game.result(of: state) == nil && moves < 600 {
                // Legal lists are slow to encode the old way: every fifth state.
                try expectSameBytes(game, state, lists: moves % 5 == 0)
                states += 1
                guard let seat = game.seatsToMove(in: state).seats.first else { break }
                let legal = game.legalMoves(for: seat, in: state)
                // Now and then a reset (a list ending in reset), else the bot's move.
                let move: BroadsideMove
                if state.phase == .placing, legal.last == .reset, generator.nextInt(below: 4) == 0 {
                    move = .reset
                } else {
                    let suggested = bots[seat.rawValue].move(for: game.seatView(of: state, for: seat))
                    move = try #require(suggested)
                }
                // Each move alone, both ways, and read back from its bytes.
                #expect(game.moveJSON(move) == Broadside.encodedJSON(move))
                #expect(game.decodeMove(canonicalJSON: game.moveJSON(move)) == move)
                try game.play(move, by: seat, in: &state)
                moves += 1
            }
            try expectSameBytes(game, state, lists: true)
        }
        #expect(states > 6 * 20)
    }

    /// The direct move reader accepts exactly the canonical forms and reads
    /// them as the decoder does; everything else is left to the decoder.
    @Test func canonicalMovesReadDirectlyAsTheDecoderReadsThem() throws {
        let game = try Fixture.game()
        let texts = [
            #"{"fire":"B7"}"#, #"{"fire":"b7"}"#, #"{"fire":"P16"}"#, #"{"reset":true}"#,
            #"{"place":{"at":"A1","heading":"across","ship":0}}"#, #"{"place":{"at":"J10","heading":"down","ship":-3}}"#,
            #"{"place":{"at":"C3","heading":"down","ship":12}}"#,
        ]
        for text in texts {
            let data = Data(text.utf8)
            let direct = try #require(game.decodeMove(canonicalJSON: data), "\(text)")
            #expect(direct == (try JSONDecoder().decode(BroadsideMove.self, from: data)), "\(text)")
        }
        let others = [
            #"{"fire":"A0"}"#, #"{"fire":"Q1"}"#, #"{"fire":"B7","x":1}"#, #"{"reset":false}"#, #"{"fire":"B7"} "#,
            #"{"place":{"at":"A1","heading":"sideways","ship":0}}"#, #"{"place":{"at":"A1","heading":"down","ship":1.0}}"#,
            #"{"place":{"heading":"down","at":"A1","ship":1}}"#, #"{"fire":"B7""#, "",
        ]
        for text in others { #expect(game.decodeMove(canonicalJSON: Data(text.utf8)) == nil, "\(text)") }
    }

    /// Cell names read from a move's bytes are the cells `Cell(name:)`
    /// reads, for every name of two or three bytes from letters, digits and
    /// a few others.
    @Test func cellNamesReadFromBytesAreTheCellsOfTheirNames() {
        let alphabet = Array("AaJjPpQZz0123456789@[`{ -\u{7F}".utf8) + [0xC3]
        var read = 0
        for length in 2...3 {
            var indices = [Int](repeating: 0, count: length)
            while true {
                let bytes = indices.map { alphabet[$0] }
                let expected = String(bytes: bytes, encoding: .ascii).flatMap(Cell.init(name:))
                let direct = bytes.withUnsafeBufferPointer { BroadsideJSON.cellNamed($0[...]) }
                #expect(direct == expected, "\(bytes)")
                if direct != nil { read += 1 }
                guard let position = indices.lastIndex(where: { $0 < alphabet.count - 1 }) else { break }
                indices[position] += 1
                for later in (position + 1)..<length { indices[later] = 0 }
            }
        }
        #expect(read == 6 * (9 + 9 + 7), "rows A to P, either case: 1 to 9, 01 to 09, 10 to 16")
    }

    private func expectSameBytes(_ game: Broadside, _ state: BroadsideState, lists: Bool) throws {
        var output = JSONOutput(capacity: 8)
        for seat in Seat.allCases {
            let view = game.seatView(of: state, for: seat)
            #expect(game.seatViewJSON(view) == Broadside.encodedJSON(view))
            output.removeAll()
            output.raw("x")
            game.writeSeatViewJSON(view, to: &output)
            #expect(output.withUnsafeBytes { Data($0) } == Data("x".utf8) + game.seatViewJSON(view))
            guard lists else { continue }
            let (count, list) = game.legalMovesJSON(for: seat, in: state)
            let moves = game.legalMoves(for: seat, in: state)
            #expect(count == moves.count)
            #expect(list == Broadside.encodedJSON(moves))
        }
        let publicView = game.publicView(of: state)
        #expect(game.publicViewJSON(publicView) == Broadside.encodedJSON(publicView))
        output.removeAll()
        game.writePublicViewJSON(publicView, to: &output)
        #expect(output.withUnsafeBytes { Data($0) } == game.publicViewJSON(publicView))
    }
}

/// Off-board cells get one code whatever their name: `K1` on a 10 x 10
/// board (a real cell) and `A0` or `Z99` (no board's cell) are both `cellOffBoard`.
@Suite struct OffBoardCellTests {
    @Test func everyCellOffTheBoardIsCellOffBoardAndOtherJunkIsBadMove() throws {
        let game = try Fixture.game()
        let session = MatchSession(game: game, setup: MatchSetup(seed: 3), players: SeatPair("a", "b"))
        for text in [#"{"fire":"A0"}"#, #"{"fire":"Z99"}"#, #"{"fire":"q1"}"#, #"{"place":{"at":"A0","heading":"down","ship":0}}"#] {
            #expect(refusalCode(session.submit(Data(text.utf8), by: .first)) == "cellOffBoard", "\(text)")
        }
        for text in [#"{"fire":"7B"}"#, #"{"fire":"fire at will"}"#, #"{"fire":"A1","place":{}}"#, #"{"fire":"A1000"}"#] {
            #expect(refusalCode(session.submit(Data(text.utf8), by: .first)) == SessionRejection.badMoveCode, "\(text)")
        }
        #expect(session.moveCount == 0)
    }

    private func refusalCode(_ outcome: Result<SessionReceipt, SessionRejection>) -> String? {
        if case .failure(let rejection) = outcome { return rejection.code }
        return nil
    }
}
