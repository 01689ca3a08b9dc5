import Foundation
import TabletopEngine

/// A batch's checks as JUnit XML (`--junit FILE`), the report CI dashboards
/// read: the batch itself (a failure when an outside bot forfeited a match;
/// a batch that failed writes no report), one test case per `--expect`,
/// plus the SPRT's verdict and the posture check when they ran. A failed
/// expectation, an SPRT that accepted H0 and a posture violation are
/// failures; an undecided SPRT is skipped.
struct JUnitReport {
    let report: BatchReport
    let postureFindings: [HUDPostureFinding]

    /// The XML document, ending in a newline.
    func xmlData() -> Data {
        var cases: [String] = []
        let forfeits = report.forfeits.prefix(20).map { "match \($0.match): \($0.bot) (seat \($0.seat.rawValue)) forfeited: \($0.reason)" }
        let more = report.forfeits.count > 20 ? "\n(the first 20 of \(report.forfeits.count) listed)" : ""
        cases.append(
            testCase(
                name: "batch \(report.games) matches",
                failure: report.forfeits.isEmpty
                    ? nil : "\(report.forfeits.count) forfeit\(report.forfeits.count == 1 ? "" : "s"):\n" + forfeits.joined(separator: "\n") + more))
        for result in report.expectations {
            cases.append(testCase(name: "expect \(result.expectation)", failure: result.passed ? nil : result.summaryText))
        }
        if let sprt = report.sprt {
            let name = "sprt \(sprt.settings.text)"
            switch sprt.verdict {
            case .h1: cases.append(testCase(name: name, failure: nil))
            case .h0: cases.append(testCase(name: name, failure: "H0 accepted after \(sprt.games) games (LLR \(sprt.llr))"))
            case .undecided:
                cases.append(
                    "    <testcase classname=\"\(MatchCommand.tool)\" name=\"\(escape(name))\">"
                        + "<skipped message=\"undecided after \(sprt.games) games\"/></testcase>")
            }
        }
        if let postures = report.postures {
            let failure =
                postures.violations == 0
                ? nil
                : postureFindings.prefix(20).map { "\($0)" }.joined(separator: "\n")
            cases.append(testCase(name: "postures \(postures.profile) \(postures.source)", failure: failure))
        }
        let failures = cases.filter { $0.contains("<failure") }.count
        let skipped = cases.filter { $0.contains("<skipped") }.count
        let suite = "\(report.game) (\(report.variant)): \(report.bots.first) vs \(report.bots.second)"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(MatchCommand.tool)\" tests=\"\(cases.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\">\n"
        xml +=
            "  <testsuite name=\"\(escape(suite))\" tests=\"\(cases.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" "
            + "time=\"\(String(format: "%.3f", report.elapsedSeconds))\">\n"
        xml += "    <system-out>\(escape(report.summaryText))</system-out>\n"
        xml += cases.joined(separator: "\n") + (cases.isEmpty ? "" : "\n")
        xml += "  </testsuite>\n</testsuites>\n"
        return Data(xml.utf8)
    }

    private func testCase(name: String, failure: String?) -> String {
        let open = "    <testcase classname=\"\(MatchCommand.tool)\" name=\"\(escape(name))\""
        guard let failure else { return open + "/>" }
        return open + "><failure message=\"\(escape(failure))\">\(escape(failure))</failure></testcase>"
    }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
