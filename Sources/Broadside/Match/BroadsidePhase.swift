/// Where a Broadside match is.
public enum BroadsidePhase: String, Codable, Hashable, Sendable {
    /// Both seats hide their fleets, at the same time.
    case placing
    /// The seats take turns firing.
    case battle
    /// A fleet is sunk.
    case over
}
