/// One ship of a fleet, as the rules data names it.
public struct ShipClass: Codable, Hashable, Sendable {
    /// Its name, unique in the fleet (`carrier`).
    public var name: String
    /// How many cells it covers.
    public var length: Int

    /// Makes a ship class.
    public init(name: String, length: Int) {
        self.name = name
        self.length = length
    }
}
