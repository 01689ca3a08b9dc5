import DuoLoadTest
import Foundation
import TabletopEngine
import Testing

@testable import DuoServerKit

/// The server writes each `view` line in one buffer, the game writing its
/// view in place: the bytes must be those of `ServerLine.view`, which
/// splices in the view the game encodes on its own.
@Suite struct ViewLineTests {
    @Test func viewsWrittenInPlaceAreTheLinesOfServerLineView() throws {
        let game = try TestServer.catalog.entry(named: "broadside").load(assets: TestServer.assets)
        let code = "EU1-K7QF2M"
        let head = ServerLine.viewHead(code: code)
        var output = JSONOutput(capacity: 16)
        var compared = 0
        for (index, script) in try MoveScript.record(game, count: 4, seed: 5).enumerated() {
            let session = game.makeSession(setup: MatchSetup(batchSeed: 5, matchIndex: index), players: SeatPair(repeating: "player"))
            var next = SeatPair(0, 0)
            while true {
                for seat in [Seat.first, .second, nil] {
                    for toMove in [session.seatsToMove, .none, SeatSet.both] {
                        output.removeAll()
                        ServerLine.beginView(head: head, seat: seat, moves: session.moveCount, toMove: toMove, to: &output)
                        if let seat { session.writeSeatViewJSON(for: seat, to: &output) } else { session.writePublicViewJSON(to: &output) }
                        output.byte(UInt8(ascii: "}"))
                        let view = seat.map { session.seatViewJSON(for: $0) } ?? session.publicViewJSON()
                        let expected = ServerLine.view(code: code, seat: seat, moves: session.moveCount, toMove: toMove, view: view)
                        #expect(output.withUnsafeBytes { Array($0) } == expected)
                        compared += 1
                    }
                }
                guard session.result == nil, let seat = session.seatsToMove.seats.first, next[seat] < script.requests[seat].count else { break }
                let request = script.requests[seat][next[seat]]
                next[seat] += 1
                let move = try #require(CanonicalMoveRequest(line: request)).move
                guard case .success = session.submit(Data(move), by: seat) else { break }
            }
        }
        #expect(compared > 4 * 9 * 50)
    }
}
