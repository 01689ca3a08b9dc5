import Foundation

/// What a match server counts for `/metrics` (docs/PROTOCOL.md, "Metrics"),
/// and its rendering in the Prometheus text exposition format (version 0.0.4).
///
/// Counters are touched on the loop thread only; the two histograms may be
/// observed from any thread. Gauges (connections, matches, open journals)
/// are not kept here: the server reads them off its state when scraped.
final class ServerMetrics: @unchecked Sendable {
    // Safe: the counters are only touched on the server's loop thread; the
    // histograms lock for themselves.

    /// Connections accepted since start.
    var connectionsAccepted: UInt64 = 0
    /// Matches created since start.
    var matchesCreated: UInt64 = 0
    /// Matches that got a result since start (recovered finished ones excluded).
    var matchesFinished: UInt64 = 0
    /// Moves accepted since start (bots' moves included).
    var movesAccepted: UInt64 = 0
    /// `error` messages sent, by code.
    var errorsByCode: [String: UInt64] = [:]
    /// From a player's move arriving to its `accepted` leaving (the journal sync included).
    let moveLatency = LatencyHistogram()
    /// Each `fsync` of a journal.
    let fsyncLatency = LatencyHistogram()

    /// The values read off the server's state at scrape time.
    struct Gauges {
        var connections: Int
        var liveMatches: Int
        var waitingMatches: Int
        var finishedMatchesKept: Int
        var openJournals: Int
        var ready: Bool
    }

    /// The whole exposition: every metric with its `# HELP` and `# TYPE`.
    func exposition(_ gauges: Gauges) -> String {
        var text = ""
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
            for sample in samples { text += "\(name)\(sample.labels) \(sample.value)\n" }
        }
        func single(_ name: String, _ type: String, _ help: String, _ value: some BinaryInteger) {
            metric(name, type, help, [("", "\(value)")])
        }
        single("duo_connections", "gauge", "Client connections open now.", gauges.connections)
        single("duo_connections_accepted_total", "counter", "Client connections accepted since start.", connectionsAccepted)
        single("duo_matches_live", "gauge", "Matches hosted now that have no result yet.", gauges.liveMatches)
        single("duo_matches_waiting", "gauge", "Live matches waiting for an opponent.", gauges.waitingMatches)
        single("duo_matches_finished_kept", "gauge", "Finished matches still held in memory for their players.", gauges.finishedMatchesKept)
        single("duo_matches_created_total", "counter", "Matches created since start.", matchesCreated)
        single("duo_matches_finished_total", "counter", "Matches that got a result since start.", matchesFinished)
        single("duo_moves_total", "counter", "Moves accepted since start, bots' included.", movesAccepted)
        single("duo_open_journals", "gauge", "Journal files holding a descriptor now.", gauges.openJournals)
        single("duo_ready", "gauge", "1 once the matches of the data directory are recovered.", gauges.ready ? 1 : 0)
        let errors = errorsByCode.sorted { $0.key < $1.key }.map { (labels: "{code=\"\($0.key)\"}", value: "\($0.value)") }
        metric("duo_errors_total", "counter", "Error messages sent to clients, by code.", errors)
        histogram("duo_move_latency_seconds", "From a move arriving to its accepted leaving, the journal sync included.", moveLatency, into: &text)
        histogram("duo_fsync_latency_seconds", "Each fsync of a match journal.", fsyncLatency, into: &text)
        return text
    }

    private func histogram(_ name: String, _ help: String, _ histogram: LatencyHistogram, into text: inout String) {
        let snapshot = histogram.snapshot
        text += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
        for (bound, count) in zip(histogram.bounds, snapshot.cumulative) {
            text += "\(name)_bucket{le=\"\(bound)\"} \(count)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(snapshot.count)\n"
        text += "\(name)_sum \(snapshot.sum)\n"
        text += "\(name)_count \(snapshot.count)\n"
    }
}
