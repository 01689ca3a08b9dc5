/// A stroke: the move of mini golf. JSON: `{"angle": 270, "power": 45}`.
///
/// `angle` is the direction in whole degrees, 0 pointing along +x (right on
/// the course drawing) and 90 along +y (down the page); `power` is the
/// share of the course's full-power speed, in percent.
public struct MiniGolfShot: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Direction in whole degrees, 0..<360.
    public var angle: Int
    /// Strength in percent of full power, 1...100.
    public var power: Int

    /// The valid directions.
    public static let angles = 0..<360
    /// The strongest shot.
    public static let maxPower = 100
    /// The valid strengths.
    public static let powers = 1...maxPower

    /// Makes a shot (checked by the rules, not here).
    public init(angle: Int, power: Int) {
        self.angle = angle
        self.power = power
    }

    /// "270 deg at 45%".
    public var description: String { "\(angle) deg at \(power)%" }

    /// The stroke as the table shows it, with the degree sign the aim label uses: "270° at 45%".
    public var displayText: String { "\(angle)° at \(power)%" }
}
