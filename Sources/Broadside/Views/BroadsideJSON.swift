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
    /// Writes `"B7"`: the row letter and the column number from 1, quoted.
    @inline(__always) static func writeName(ofCell index: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = 0x22
        out[1] = UInt8(ascii: "A") &+ UInt8(truncatingIfNeeded: index >> 4)
        let column = index & 15 &+ 1
        if column < 10 {
            out[2] = 0x30 &+ UInt8(truncatingIfNeeded: column)
            out[3] = 0x22
            return 4
        }
        out[2] = UInt8(ascii: "1")
        out[3] = 0x30 &+ UInt8(truncatingIfNeeded: column - 10)
        out[4] = 0x22
        return 5
    }

    static func write(_ cell: Cell, to output: inout JSONOutput) {
        output.write(atMost: 5) { writeName(ofCell: Int(cell.index), to: $0) }
    }

    /// Every cell's name as JSON with a comma after it (`"B7",`), its bytes
    /// packed little-endian in the low bytes of a word and its length in the
    /// top byte: a list is one store per cell.
    static let listedNames: [UInt64] = (0..<256).map { index in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { out in
            out.initialize(repeating: 0)
            let length = writeName(ofCell: index, to: out.baseAddress!)
            out[length] = UInt8(ascii: ",")
            return out.enumerated().reduce(UInt64(length + 1) << 56) { word, byte in
                byte.offset < length + 1 ? word | UInt64(byte.element) << (8 * UInt64(byte.offset)) : word
            }
        }
    }

    /// The sorted list of cell names, straight from the set's bits.
    static func write(_ cells: CellSet, to output: inout JSONOutput) {
        // Each store writes 8 bytes of which a name and its comma use at most 6.
        output.write(atMost: 2 + cells.count * 6 + 8) { out in
            out[0] = UInt8(ascii: "[")
            var length = 1
            listedNames.withUnsafeBufferPointer { names in
                for word in 0..<4 {
                    var bits = cells.word(word)
                    while bits != 0 {
                        let name = names[word << 6 | bits.trailingZeroBitCount]
                        UnsafeMutableRawPointer(out + length).storeBytes(of: name.littleEndian, as: UInt64.self)
                        length += Int(name >> 56)
                        bits &= bits &- 1
                    }
                }
            }
            // The last comma becomes the closing bracket (an empty list has none to replace).
            if length == 1 { length += 1 }
            out[length - 1] = UInt8(ascii: "]")
            return length
        }
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
        write(view, to: &output)
        return output.data()
    }

    static func write(_ view: BroadsideSeatView, to output: inout JSONOutput) {
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
        closeView(turn: view.turn, winner: view.winner, to: &output)
    }

    /// The last keys of both views, each left out when nil (a draw has no
    /// winner, a finished match no turn), and the closing brace.
    private static func closeView(turn: Seat?, winner: Seat?, to output: inout JSONOutput) {
        if let turn {
            output.raw(",\"turn\":")
            output.integer(turn.rawValue)
        }
        if let winner {
            output.raw(",\"winner\":")
            output.integer(winner.rawValue)
        }
        output.byte(UInt8(ascii: "}"))
    }

    /// The public view: keys `afloat` ... `winner` in sorted order.
    static func encode(_ view: BroadsidePublicView) -> Data {
        var output = JSONOutput(capacity: 768)
        write(view, to: &output)
        return output.data()
    }

    static func write(_ view: BroadsidePublicView, to output: inout JSONOutput) {
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
        closeView(turn: view.turn, winner: view.winner, to: &output)
    }

    /// `{"place":{"at":"A1","heading":"across","ship":` for every shape of
    /// one length, back to back in the order of the placement table: a
    /// placement list is then a copy per move plus the ship number.
    struct PlacementPrefixes: Sendable {
        /// Every prefix, concatenated.
        let bytes: [UInt8]
        /// Where each shape's prefix ends in ``bytes`` (it starts where the previous ends).
        let ends: [Int]
    }

    /// The prefixes of every length (`[length]`).
    static func placementPrefixes(_ table: PlacementTable) -> [PlacementPrefixes] {
        table.shapes.map { shapes in
            var output = JSONOutput(capacity: 48 * shapes.count)
            var ends: [Int] = []
            for shape in shapes {
                output.raw("{\"place\":{\"at\":")
                write(shape.origin, to: &output)
                output.raw(shape.heading == .across ? ",\"heading\":\"across\",\"ship\":" : ",\"heading\":\"down\",\"ship\":")
                ends.append(output.byteCount)
            }
            return PlacementPrefixes(bytes: output.byteArray(), ends: ends)
        }
    }
}

extension Broadside {
    /// Written directly; the same bytes as `JSONEncoder` with sorted keys.
    public func seatViewJSON(_ view: BroadsideSeatView) -> Data { BroadsideJSON.encode(view) }

    /// Written directly; the same bytes as `JSONEncoder` with sorted keys.
    public func publicViewJSON(_ view: BroadsidePublicView) -> Data { BroadsideJSON.encode(view) }

    /// Written directly into `output`; the bytes of ``seatViewJSON(_:)``.
    public func writeSeatViewJSON(_ view: BroadsideSeatView, to output: inout JSONOutput) { BroadsideJSON.write(view, to: &output) }

    /// Written directly into `output`; the bytes of ``publicViewJSON(_:)``.
    public func writePublicViewJSON(_ view: BroadsidePublicView, to output: inout JSONOutput) { BroadsideJSON.write(view, to: &output) }

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
            let fleet = state.fleets[seat]
            let occupied = state.occupied[seat]
            for ship in 0..<rules.fleet.count where !fleet.isPlaced(ship) {
                let length = self.length(of: ship)
                let shapes = table.shapes[length]
                let prefixes = data.placementPrefixes[length]
                var ending = JSONOutput(capacity: 8)
                ending.integer(ship)
                ending.raw("}}")
                let suffix = ending.byteArray()
                suffix.withUnsafeBufferPointer { suffix in
                    shapes.withUnsafeBufferPointer { shapes in
                        prefixes.bytes.withUnsafeBufferPointer { bytes in
                            prefixes.ends.withUnsafeBufferPointer { ends in
                                var start = 0
                                for index in shapes.indices {
                                    let end = ends[index]
                                    defer { start = end }
                                    guard !shapes[index].mask.intersects(occupied) else { continue }
                                    if count > 0 { output.byte(UInt8(ascii: ",")) }
                                    output.raw(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                                    output.raw(suffix)
                                    count += 1
                                }
                            }
                        }
                    }
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
            count = open.count
            let fire: StaticString = "{\"fire\":"
            // `{"fire":"A1"}` per open cell, in row-by-row order.
            output.write(atMost: count * 15) { out in
                var length = 0
                for word in 0..<4 {
                    var bits = open.word(word)
                    while bits != 0 {
                        if length > 0 {
                            out[length] = UInt8(ascii: ",")
                            length += 1
                        }
                        (out + length).update(from: fire.utf8Start, count: 8)
                        length += 8
                        length += BroadsideJSON.writeName(ofCell: word << 6 | bits.trailingZeroBitCount, to: out + length)
                        out[length] = UInt8(ascii: "}")
                        length += 1
                        bits &= bits &- 1
                    }
                }
                return length
            }
        case .over:
            return (0, Data("[]".utf8))
        }
        output.byte(UInt8(ascii: "]"))
        return (count, output.data())
    }
}

extension Broadside {
    /// Written directly; the same bytes as `JSONEncoder` with sorted keys.
    public func moveJSON(_ move: BroadsideMove) -> Data {
        var output = JSONOutput(capacity: 64)
        switch move {
        case .place(let placement):
            output.raw("{\"place\":")
            BroadsideJSON.write(placement, to: &output)
            output.byte(UInt8(ascii: "}"))
        case .reset:
            output.raw("{\"reset\":true}")
        case .fire(let cell):
            output.raw("{\"fire\":")
            BroadsideJSON.write(cell, to: &output)
            output.byte(UInt8(ascii: "}"))
        }
        return output.data()
    }

    /// Reads the three canonical move forms (`{"fire":"B7"}`, `{"reset":true}`,
    /// `{"place":{"at":"A1","heading":"across","ship":0}}`) without a
    /// decoder; anything else is left to `JSONDecoder`, which decodes these
    /// bytes to the same move.
    public func decodeMove(canonicalJSON: Data) -> BroadsideMove? {
        canonicalJSON.withUnsafeBytes { raw in BroadsideJSON.decodeMove(raw.bindMemory(to: UInt8.self)) }
    }
}

extension BroadsideJSON {
    static func decodeMove(_ bytes: UnsafeBufferPointer<UInt8>) -> BroadsideMove? {
        var index = 0
        func take(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
            index += count
            return true
        }
        /// A cell name up to its closing quote.
        func cell() -> Cell? {
            let start = index
            while index < bytes.count && bytes[index] != 0x22 {
                guard index - start < 3 else { return nil }
                index += 1
            }
            guard index < bytes.count else { return nil }
            index += 1
            return cellNamed(bytes[start..<(index - 1)])
        }
        if take("{\"fire\":\"") {
            guard let target = cell(), take("}"), index == bytes.count else { return nil }
            return .fire(target)
        }
        if take("{\"reset\":true}") { return index == bytes.count ? .reset : nil }
        guard take("{\"place\":{\"at\":\""), let origin = cell(), take(",\"heading\":\"") else { return nil }
        let heading: Heading
        if take("across\"") { heading = .across } else if take("down\"") { heading = .down } else { return nil }
        guard take(",\"ship\":") else { return nil }
        let negative = take("-")
        var ship = 0
        var digits = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]), digits < 6 {
            ship = ship * 10 + Int(bytes[index] - 0x30)
            index += 1
            digits += 1
        }
        guard digits > 0, take("}}"), index == bytes.count else { return nil }
        return .place(ShipPlacement(ship: negative ? -ship : ship, at: origin, heading: heading))
    }
}

extension BroadsideJSON {
    /// The cell `Cell(name:)` reads from these bytes (a letter, either case,
    /// and one or two digits), read from the bytes without making a string;
    /// nil when that gives nil too.
    static func cellNamed(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> Cell? {
        guard name.count == 2 || name.count == 3 else { return nil }
        let letter = name[name.startIndex] & 0xDF  // a-z to A-Z; other bytes fail the range below
        let row = Int(letter) - Int(UInt8(ascii: "A"))
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter), row < Cell.maximumSide else { return nil }
        var number = 0
        for byte in name.dropFirst() {
            guard (0x30...0x39).contains(byte) else { return nil }
            number = number * 10 + Int(byte - 0x30)
        }
        guard (1...Cell.maximumSide).contains(number) else { return nil }
        return Cell(row: row, column: number - 1)
    }
}

extension Broadside {
    /// A move whose cell is written like a cell name (a letter and one to
    /// three digits) but names no cell of any board (`A0`, `Q1`, `A17`,
    /// `Z99`) is off this board, as `K1` is on a 10 x 10 one: `cellOffBoard`,
    /// not `badMove`. Anything else that does not decode stays `badMove`.
    public func rejection(ofUndecodableMove json: Data) -> BroadsideRejection? {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any], object.count == 1 else { return nil }
        let name: String
        if let fire = object["fire"] as? String {
            name = fire
        } else if let place = object["place"] as? [String: Any], let at = place["at"] as? String {
            name = at
        } else {
            return nil
        }
        let scalars = Array(name.unicodeScalars)
        guard (2...4).contains(scalars.count), scalars[0].isASCII, scalars[0].properties.isAlphabetic,
            scalars.dropFirst().allSatisfy({ $0.isASCII && $0.properties.numericType == .decimal }),
            Cell(name: name) == nil
        else { return nil }
        return .cellNameOffBoard(name, rows: rules.board.rows, columns: rules.board.columns)
    }
}
