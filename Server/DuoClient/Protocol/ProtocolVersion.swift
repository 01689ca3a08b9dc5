/// The protocol's version numbers.
public enum ProtocolVersion {
    /// The version this build speaks, sent in `welcome`.
    public static let current = 1
    /// Every version this build accepts in `hello`.
    public static let supported: [Int] = [1]
}
