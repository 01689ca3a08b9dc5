import DuoTestSupport
import Foundation

/// The shipped duo profile shrunk until a 10 x 10 board fits on neither
/// side of the fold: the device `duo lint` and the posture checks must fail on.
enum CrampedProfile {
    /// The profile's JSON, named `cramped`.
    static func json() throws -> String {
        let source = try String(contentsOf: PackageRoot.assets.appendingPathComponent("profiles/duo.json"), encoding: .utf8)
        return
            source
            .replacingOccurrences(of: "\"name\": \"duo\"", with: "\"name\": \"cramped\"")
            .replacingOccurrences(of: "\"width\": 932", with: "\"width\": 620")
            .replacingOccurrences(of: "\"height\": 660", with: "\"height\": 420")
            .replacingOccurrences(of: "\"x\": 888, \"y\": 311", with: "\"x\": 576, \"y\": 191")
    }
}
