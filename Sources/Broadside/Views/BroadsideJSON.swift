import Foundation
import TabletopEngine

/// Broadside's views and legal-move lists written straight into bytes: the
/// server sends two views per move and `JSONEncoder` took 30-75 us for one.
///
/// Every function gives exactly the bytes of the type's `Codable` form
/// encoded with sorted keys (`TabletopGame.encodedJSON`): keys are written
/// in that order, absent optionals are left out as the synthesized
/// `encodeIfPresent` does. Tests compare both encodings over random matches.
enum BroadsideJSON {
    /// `"A1"` ... `"P16"` with their quotes, by cell index.
    static let cellNames: [[UInt8]] = (0..<256).map { Array("\"\(Cell(index: UInt8($0)).name)\"".utf8) }

    static func write(_ cell: Cell, to output: inout JSONOutput) {
        output.raw(cellNames[Int(cell.index)])
    }

    static func write(_ cells: CellSet, to output: inout JSONOutput) {
        output.byte(UInt8(ascii: "["))
        var first = true
        for cell in cells {
            if !first { output.byte(UInt8(ascii: ",")) }
            first = false
            output.raw(cellNames[Int(cell.index)])
        }
        output.byte(UInt8(ascii: "]"))
    }

    static func write(_ ships: ShipSet, to output: inout JSONOutput) {
        output.byte(UInt8(ascii: "["))
        var first = true
        for ship in ships {
            if !first { output.byte(UInt8(ascii: ",")) }
            first = false
            output.integer(ship)
        }
        output.byte(UInt8(ascii: "]"))
    }

    static func write(_ placement: ShipPlacement, to output: inout JSONOutput) {
        output.raw("{\"at\":")
        write(placement.origin, to: &output)
        output.raw(placement.heading == .across ? ",\"heading\":\"across\",\"ship\":" : ",\"heading\":\"down\",\"ship\":")
        output.integer(placement.ship)
        output.byte(UInt8(ascii: "}"))
    }

    static func write(_ fleet: FleetLayout, to output: inout JSONOutput) {
        output.byte(UInt8(ascii: "["))
        var first = true
        for placement in fleet {
            if !first { output.byte(UInt8(ascii: ",")) }
            first = false
            write(placement, to: &output)
        }
        output.byte(UInt8(ascii: "]"))
    }

    static func write(_ board: TargetBoard, to output: inout JSONOutput) {
        output.raw("{\"hits\":")
        write(board.hits, to: &output)
        output.raw(",\"shots\":")
        write(board.shots, to: &output)
        output.raw(",\"sunk\":")
        write(board.sunk, to: &output)
        output.byte(UInt8(ascii: "}"))
    }

    static func write(_ volley: Volley, to output: inout JSONOutput) {
        output.raw("{\"cells\":")
        write(volley.cells, to: &output)
        output.raw(",\"hits\":")
        write(volley.hits, to: &output)
        output.raw(",\"shooter\":")
        output.integer(volley.shooter.rawValue)
        output.raw(",\"sunk\":")
        write(volley.sunk, to: &output)
        output.byte(UInt8(ascii: "}"))
    }

    static func write(_ phase: BroadsidePhase, to output: inout JSONOutput) {
        switch phase {
        case .placing: output.raw("\"placing\"")
        case .battle: output.raw("\"battle\"")
        case .over: output.raw("\"over\"")
        }
    }

    static func write(_ pair: SeatPair<Int>, to output: inout JSONOutput) {
        output.byte(UInt8(ascii: "["))
        output.integer(pair.first)
        output.byte(UInt8(ascii: ","))
        output.integer(pair.second)
        output.byte(UInt8(ascii: "]"))
    }

    /// A seat view: keys `afloat` ... `winner` in sorted order.
    static func encode(_ view: BroadsideSeatView) -> Data {
        var output = JSONOutput(capacity: 768)
        output.raw("{\"afloat\":")
        write(view.afloat, to: &output)
        output.raw(",\"aimed\":")
        write(view.aimed, to: &output)
        output.raw(",\"fleet\":")
        write(view.fleet, to: &output)
        if let volley = view.lastVolley {
            output.raw(",\"lastVolley\":")
            write(volley, to: &output)
        }
        output.raw(",\"opponentAfloat\":")
        write(view.opponentAfloat, to: &output)
        output.raw(",\"opponentReady\":")
        output.bool(view.opponentReady)
        output.raw(",\"ownBoard\":")
        write(view.ownBoard, to: &output)
        output.raw(",\"phase\":")
        write(view.phase, to: &output)
        output.raw(",\"salvoSize\":")
        output.integer(view.salvoSize)
        output.raw(",\"seat\":")
        output.integer(view.seat.rawValue)
        output.raw(",\"shotsFired\":")
        write(view.shotsFired, to: &output)
        output.raw(",\"target\":")
        write(view.target, to: &output)
        if let turn = view.turn {
            output.raw(",\"turn\":")
            output.integer(turn.rawValue)
        }
        if let winner = view.winner {
            output.raw(",\"winner\":")
            output.integer(winner.rawValue)
        }
        output.byte(UInt8(ascii: "}"))
        return output.data
    }

    /// The public view: keys `afloat` ... `winner` in sorted order.
    static func encode(_ view: BroadsidePublicView) -> Data {
        var output = JSONOutput(capacity: 768)
        output.raw("{\"afloat\":[")
        write(view.afloat.first, to: &output)
        output.byte(UInt8(ascii: ","))
        write(view.afloat.second, to: &output)
        output.raw("],\"boards\":[")
        write(view.boards.first, to: &output)
        output.byte(UInt8(ascii: ","))
        write(view.boards.second, to: &output)
        output.byte(UInt8(ascii: "]"))
        if let volley = view.lastVolley {
            output.raw(",\"lastVolley\":")
            write(volley, to: &output)
        }
        output.raw(",\"phase\":")
        write(view.phase, to: &output)
        output.raw(",\"ready\":[")
        output.bool(view.ready.first)
        output.byte(UInt8(ascii: ","))
        output.bool(view.ready.second)
        output.raw("],\"salvoSize\":")
        output.integer(view.salvoSize)
        output.raw(",\"shotsFired\":")
        write(view.shotsFired, to: &output)
        if let turn = view.turn {
            output.raw(",\"turn\":")
            output.integer(turn.rawValue)
        }
        if let winner = view.winner {
            output.raw(",\"winner\":")
            output.integer(winner.rawValue)
        }
        output.byte(UInt8(ascii: "}"))
        return output.data
    }

    /// `{"place":{"at":"A1","heading":"across","ship":` for every shape of
    /// every length (`[length][shape index]`, the order of the placement
    /// table): a placement list is then a copy per move plus the ship number.
    static func placementPrefixes(_ table: PlacementTable) -> [[[UInt8]]] {
        table.shapes.map { shapes in
            shapes.map { shape in
                var output = JSONOutput(capacity: 48)
                output.raw("{\"place\":{\"at\":")
                write(shape.origin, to: &output)
                output.raw(shape.heading == .across ? ",\"heading\":\"across\",\"ship\":" : ",\"heading\":\"down\",\"ship\":")
                return output.bytes
            }
        }
    }

    /// `{"fire":"A1"}` ... by cell index.
    static let fireMoves: [[UInt8]] = (0..<256).map { Array("{\"fire\":\"\(Cell(index: UInt8($0)).name)\"}".utf8) }
}

extension Broadside {
    /// Written directly; the same bytes as `JSONEncoder` with sorted keys.
    public func seatViewJSON(_ view: BroadsideSeatView) -> Data { BroadsideJSON.encode(view) }

    /// Written directly; the same bytes as `JSONEncoder` with sorted keys.
    public func publicViewJSON(_ view: BroadsidePublicView) -> Data { BroadsideJSON.encode(view) }

    /// Written while the moves are enumerated, from fragments encoded when
    /// the rules loaded; the same bytes and order as encoding ``legalMoves(for:in:)``.
    public func legalMovesJSON(for seat: Seat, in state: BroadsideState) -> (count: Int, json: Data) {
        guard seatsToMove(in: state).contains(seat) else { return (0, Data("[]".utf8)) }
        var count = 0
        var output: JSONOutput
        switch state.phase {
        case .placing:
            output = JSONOutput(capacity: 40 * 1024)
            output.byte(UInt8(ascii: "["))
            let fleet = state.fleets[seat], occupied = state.occupied[seat]
            for ship in 0..<rules.fleet.count where !fleet.isPlaced(ship) {
                let length = self.length(of: ship)
                let shapes = table.shapes[length], prefixes = data.placementPrefixes[length]
                var ending = JSONOutput(capacity: 8)
                ending.integer(ship)
                ending.raw("}}")
                let suffix = ending.bytes
                for index in shapes.indices where !shapes[index].mask.intersects(occupied) {
                    if count > 0 { output.byte(UInt8(ascii: ",")) }
                    output.raw(prefixes[index])
                    output.raw(suffix)
                    count += 1
                }
            }
            if fleet.count > 0 {
                if count > 0 { output.byte(UInt8(ascii: ",")) }
                output.raw("{\"reset\":true}")
                count += 1
            }
        case .battle:
            output = JSONOutput(capacity: 16 * 256)
            output.byte(UInt8(ascii: "["))
            let open = board.subtracting(state.shotsReceived[seat.opponent]).subtracting(state.aimed)
            for cell in open {
                if count > 0 { output.byte(UInt8(ascii: ",")) }
                output.raw(BroadsideJSON.fireMoves[Int(cell.index)])
                count += 1
            }
        case .over:
            return (0, Data("[]".utf8))
        }
        output.byte(UInt8(ascii: "]"))
        return (count, output.data)
    }
}
