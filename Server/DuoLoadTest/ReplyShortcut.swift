/// The two replies a load client gets on every move, `accepted` and `hint`,
/// recognised by their head as this server writes them
/// (`{"type":"accepted","number":12}`, `{"type":"hint","move":{...}}`)
/// without parsing the line; nil for any other line (which is then parsed
/// in full). A thin bot client would do the same: the figures are meant to
/// measure the server, so the clients keep their core for it.
enum ReplyShortcut: Equatable {
    /// The move was made durable.
    case accepted
    /// The server's bot suggests this move: the bytes of its JSON object,
    /// as the server wrote them (sent back as they are).
    case hint(move: ArraySlice<UInt8>)

    private static let acceptedHead = Array(#"{"type":"accepted","#.utf8)
    private static let hintHead = Array(#"{"type":"hint","move":{"#.utf8)

    init?(line: [UInt8]) {
        if line.starts(with: Self.acceptedHead) {
            self = .accepted
        } else if line.count > Self.hintHead.count + 1, line.starts(with: Self.hintHead), line.last == 0x7D {
            // The move object runs from its `{` to the byte before the line's closing `}`.
            self = .hint(move: line[(Self.hintHead.count - 1)..<(line.count - 1)])
        } else {
            return nil
        }
    }

    /// The `move` request that plays `move` (the bytes of a JSON object).
    static func moveRequest(_ move: ArraySlice<UInt8>) -> [UInt8] {
        var line = Array(#"{"type":"move","move":"#.utf8)
        line.reserveCapacity(line.count + move.count + 1)
        line.append(contentsOf: move)
        line.append(0x7D)
        return line
    }
}
