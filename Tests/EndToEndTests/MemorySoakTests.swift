import DuoTestSupport
import Foundation
import Testing

/// Memory over a long session (issue 21, defect 10): the built `duo-bench soak`
/// gives 20,000 seeded random inputs over many matches against the density bot,
/// offscreen, in a process of its own (so its resident size is its alone), and
/// finds the resident size level after the warm-up and every cache within its limit.
@Suite struct MemorySoakTests {
    @Test("20,000 random inputs over many matches: the resident size is level after the warm-up, every cache within its limit")
    func residentSizeIsLevel() throws {
        let bench = try BuiltExecutable(named: "duo-bench")
        let result = try bench.run(["soak", "--inputs", "20000", "--draw-every", "40", "--seed", "7"])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        let verdict = try #require(lines.last)
        #expect(verdict.contains("level: RSS peak") && verdict.contains("caches within their limits"), "\(verdict)")
        // Many matches, and a reading every 1,000 inputs.
        let rows = lines.filter { $0.range(of: #"^\s+\d+\s+\d+\s+\d+\.\d\s+cache "#, options: .regularExpression) != nil }
        #expect(rows.count == 20)
        let matches = try #require(rows.last?.split(separator: " ").dropFirst().first.flatMap { Int($0) })
        #expect(matches >= 50, "\(rows.last ?? "")")
    }
}
