import DuoPlatform

/// A list of device changes read from a text file, one step per line, for
/// `duo-server match --postures SCRIPT`:
///
/// ```
/// # fold the device while a match is played
/// flat
/// book angle 120
/// tabletop
/// angle 95 camera on
/// orientation landscapeRight fold 0.3 direction rtl
/// ```
///
/// A line is an optional posture name (closed, flat, book, tent, tabletop)
/// followed by `angle DEG`, `orientation NAME`, `fold F`, `camera on|off`,
/// `direction ltr|rtl` in any order. `#` starts a comment; blank lines are skipped.
public struct PostureScript: Sendable, Hashable {
    /// The steps, in order.
    public let steps: [PostureStep]

    /// Steps given directly.
    public init(steps: [PostureStep]) {
        self.steps = steps
    }

    /// Parses a script.
    /// - Parameters:
    ///   - text: the script, one step a line.
    ///   - name: the file's name, for error messages.
    /// - Throws: ``PostureScriptError`` naming the line and the word.
    public init(parsing text: String, name: String = "script") throws(PostureScriptError) {
        var steps: [PostureStep] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)[...]
            guard !words.isEmpty else { continue }
            let number = offset + 1
            func fail(_ problem: String) -> PostureScriptError { PostureScriptError(file: name, line: number, problem: problem) }
            var step = PostureStep()
            if let posture = Posture(rawValue: words.first!) {
                step.posture = posture
                words = words.dropFirst()
            }
            let keys: Set<String> = ["angle", "orientation", "fold", "camera", "direction"]
            while let key = words.popFirst() {
                guard keys.contains(key) else {
                    throw fail(
                        "unknown word '\(key)' (expected a posture (\(Posture.allCases.map(\.rawValue).joined(separator: ", "))) "
                            + "or angle, orientation, fold, camera, direction)")
                }
                guard let value = words.popFirst() else { throw fail("'\(key)' needs a value") }
                switch key {
                case "angle":
                    guard let degrees = Double(value), degrees.isFinite else {
                        throw fail("angle must be a number of degrees, not '\(value)'")
                    }
                    guard (0...180).contains(degrees) else {
                        throw fail("angle must be in 0...180 degrees (shut to flat), not \(value)")
                    }
                    step.angleDegrees = degrees
                case "orientation":
                    guard let orientation = DeviceOrientation(rawValue: value) else {
                        throw fail("orientation must be one of \(DeviceOrientation.allCases.map(\.rawValue).joined(separator: "|")), not '\(value)'")
                    }
                    step.orientation = orientation
                case "fold":
                    guard let position = Double(value), position.isFinite, (0...1).contains(position) else {
                        throw fail("fold must be a fraction 0...1, not '\(value)'")
                    }
                    step.foldPosition = position
                case "camera":
                    guard value == "on" || value == "off" else { throw fail("camera must be on or off, not '\(value)'") }
                    step.innerCamera = value == "on"
                case "direction":
                    guard value == "ltr" || value == "rtl" else { throw fail("direction must be ltr or rtl, not '\(value)'") }
                    step.direction = value == "ltr" ? .leftToRight : .rightToLeft
                default:
                    break
                }
            }
            steps.append(step)
        }
        guard !steps.isEmpty else { throw PostureScriptError(file: name, line: 0, problem: "has no steps") }
        self.steps = steps
    }
}

/// A posture script that cannot be read: the file, the line and the problem.
public struct PostureScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file's name.
    public let file: String
    /// The line, from 1 (0 for the whole file).
    public let line: Int
    /// What is wrong.
    public let problem: String

    /// `file:line: problem`.
    public var description: String { line > 0 ? "\(file):\(line): \(problem)" : "\(file) \(problem)" }
}
