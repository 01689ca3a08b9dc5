import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import Foundation
import TabletopEngine
import Testing

/// The window's autoplay (`duo --connect ... --autoplay`) over a scripted
/// connection: it asks for a hint whenever the seat is to move and nothing
/// is on its way, plays what comes back, and stops at a refusal.
@Suite("Networked play: autoplay")
struct NetworkAutoplayTests {
    /// A seated game whose connection is scripted, what it sent since seated, and what it reported.
    final class Harness {
        let transport = ScriptedTransport()
        let game: BroadsideNetworkGame
        var server = ServerStub()
        private(set) var reports: [String] = []

        init(autoplays: Bool = true) {
            game = NetworkGameTests.game(transport)
            if autoplays { game.startAutoplay { [unowned self] line in reports.append(line) } }
            deliver(server.seated("created", .first, opponent: nil))
        }

        func deliver(_ messages: ServerMessage...) {
            transport.clearSent()
            transport.incoming = messages.map { .message($0) }
            game.advance(by: 0.016)
        }

        /// A hint as the server would give seat 0 while placing: the next ship, in the column of its index, down from row 0.
        var placementHint: BroadsideMove {
            .place(
                ShipPlacement(ship: server.state.fleets[.first].count, at: Cell(row: 0, column: server.state.fleets[.first].count), heading: .down))
        }
    }

    @Test("Seat to move: one hint asked; the hint is sent as the seat's move; accepted, the next is asked")
    func playsTheHints() throws {
        let harness = Harness()
        harness.deliver(harness.server.view(for: .first))
        #expect(harness.transport.sent == [.hint])
        harness.deliver(harness.server.view(for: .first))
        #expect(harness.transport.sent.isEmpty, "the hint asked is still on its way")
        let move = harness.placementHint
        harness.deliver(.hint(move: ServerStub.json(move)))
        #expect(harness.transport.sent == [.move(move)])
        #expect(harness.server.play(move, by: .first) == nil, "the hint is a legal move")
        harness.deliver(.accepted(number: 1), harness.server.view(for: .first))
        #expect(harness.transport.sent == [.hint], "placing goes on: the next ship")
        #expect(harness.reports.isEmpty)
    }

    @Test("A seat that may not move asks nothing; a hint of no move sends nothing")
    func waitsItsTurn() {
        let harness = Harness()
        harness.server.placeFleet(of: .first)
        harness.deliver(harness.server.view(for: .first))
        #expect(harness.transport.sent.isEmpty, "the fleet is placed; the opponent is placing")
        harness.deliver(.hint(move: nil))
        #expect(harness.transport.sent.isEmpty)
    }

    @Test("A dropped connection forgets the hint on its way: the resumed seat's view asks again")
    func asksAgainAfterADrop() {
        let harness = Harness()
        harness.deliver(harness.server.view(for: .first))
        #expect(harness.transport.sent == [.hint])
        harness.transport.incoming = [.disconnected]
        harness.game.advance(by: 0.016)
        harness.game.advance(by: 1)
        harness.deliver(harness.server.seated("resumed", .first, opponent: nil), harness.server.view(for: .first))
        #expect(harness.transport.sent == [.hint])
    }

    @Test("A refused move stops the autoplay, with the server's sentence reported; the end of a match is reported")
    func reportsRefusalAndEnd() {
        let harness = Harness()
        harness.deliver(harness.server.view(for: .first))
        harness.deliver(.hint(move: ServerStub.json(harness.placementHint)))
        harness.deliver(.error(ProtocolError(code: "notYourTurn", message: "It is the opponent's turn", inReplyTo: "move")))
        #expect(harness.reports == ["autoplay stopped: the server refused move (It is the opponent's turn)"])
        harness.deliver(harness.server.view(for: .first))
        #expect(harness.transport.sent.isEmpty, "stopped")

        let other = Harness()
        other.deliver(other.server.view(for: .first))
        other.deliver(.ended(code: "K7QF2M", result: MatchResult(winner: .second, reason: "fleetSunk", scores: SeatPair(40, 38))))
        #expect(other.reports == ["autoplay: match K7QF2M over after 0 moves: seat 1 wins (fleetSunk)"])
    }

    @Test("Without autoplay, a view asks for no hint")
    func offByDefault() {
        let harness = Harness(autoplays: false)
        harness.deliver(harness.server.view(for: .first))
        #expect(harness.transport.sent.isEmpty)
    }
}
