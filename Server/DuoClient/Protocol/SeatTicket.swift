import TabletopEngine

/// What a player needs to take its seat back after a disconnect: the
/// match's code, the seat, and the seat's secret token.
///
/// Codable so a client can keep it on disk between runs. The token is a
/// secret: whoever holds it plays the seat.
public struct SeatTicket: Codable, Hashable, Sendable {
    /// The match's code.
    public var code: String
    /// The seat.
    public var seat: Seat
    /// The seat's secret token (32 hexadecimal digits).
    public var token: String

    /// Makes a ticket.
    public init(code: String, seat: Seat, token: String) {
        self.code = code
        self.seat = seat
        self.token = token
    }
}
