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
    /// A stall, as the server had it: a flush releases only what
    /// the outbox held when it began, so news queued during it (a slow
    /// reader dropped by one of its sends tells the other seat) waits, with
    /// every later answer to that seat, for the match's next sync.
    case strandNewsQueuedDuringFlush
    /// A stall, as the socket loop had it: the end-of-round writes
    /// take only the connections marked before they began, so a send made
    /// by a close handler during them waits for the loop's next wake-up.
    case oneWriteBatchPerRound

    /// The fault's name, as `--fault` takes it.
    public var description: String { rawValue }
}

extension MatchServer {
    /// `strandNewsQueuedDuringFlush`: how many held-back messages a flush
    /// may release, at most (all of them, unless the fault is planted).
    func plantedFaultFlushBound(_ outboxAtStart: Int) -> Int {
        plantedFault == .strandNewsQueuedDuringFlush ? outboxAtStart : .max
    }

    /// `dropViewAfterSync`: takes the first view for a seat out of what a
    /// sync is about to release (once per server).
    func plantedFaultBeforeRelease(of match: HostedMatch) {
        guard plantedFault == .dropViewAfterSync, !plantedFaultStruck else { return }
        let viewPrefix = Array(#"{"type":"view""#.utf8)
        guard
            let index = match.outbox.firstIndex(where: { pending in
                guard pending.line <= match.durableLines, case .seatHolder(let seat, let attendance) = pending.delivery else { return false }
                return match.connection(of: seat) == attendance.connection && pending.bytes.starts(with: viewPrefix)
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
