import DuoNet
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A defect a simulation plants in the server on purpose, to show that its
/// invariants catch such a defect (`duo-server simulate --fault NAME`).
/// A real server never has one: the field that holds it is set only by
/// ``ServerSimulation``, and each hook costs the server one comparison.
public enum SimulatedFault: String, CaseIterable, Sendable, CustomStringConvertible {
    /// After a journal sync, one seat's view is dropped instead of sent.
    case dropViewAfterSync
    /// A move's `accepted` is sent at once, before the sync that makes it durable.
    case ackBeforeSync
    /// A resignation opens the match's journal once more and never closes it.
    case leakDescriptorOnResign

    /// The fault's name, as `--fault` takes it.
    public var description: String { rawValue }
}

extension MatchServer {
    /// `dropViewAfterSync`: takes the first view for a seat out of what a
    /// sync is about to release (once per server).
    func plantedFaultBeforeRelease(of match: HostedMatch) {
        guard plantedFault == .dropViewAfterSync, !plantedFaultStruck else { return }
        let viewPrefix = Array(#"{"type":"view""#.utf8)
        guard
            let index = match.outbox.firstIndex(where: { pending in
                guard pending.line <= match.durableLines, case .seatHolder(let seat, let connection) = pending.delivery else { return false }
                return match.connection(of: seat) == connection && pending.bytes.starts(with: viewPrefix)
            })
        else { return }
        match.outbox.remove(at: index)
        plantedFaultStruck = true
    }

    /// `ackBeforeSync`: sends `accepted` now, not once the move is durable.
    /// - Returns: whether it did (the caller then holds nothing back).
    func plantedFaultAcknowledges(_ accepted: [UInt8], to connection: ConnectionID) -> Bool {
        guard plantedFault == .ackBeforeSync else { return false }
        loop.send(accepted, to: connection)
        return true
    }

    /// `leakDescriptorOnResign`: opens the journal and forgets the descriptor.
    func plantedFaultOnResign(_ match: HostedMatch) {
        guard plantedFault == .leakDescriptorOnResign else { return }
        _ = open(match.journal.url.path, O_RDONLY | O_CLOEXEC)
    }
}
