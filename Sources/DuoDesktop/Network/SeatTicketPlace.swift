import Foundation

/// Where a networked window keeps its seat's ticket (``SeatTicketFile``).
public enum SeatTicketPlace: Sendable, Hashable {
    /// In this file.
    case file(URL)
    /// In this folder, one file per seat (``SeatTicketFile/fileName(for:)``).
    case folder(URL)
}
