extension ReservedRegion {
    /// Options of a reserved-region query.
    public struct QueryOptions: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt8
        /// Makes options from bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Also return inactive regions (with `isActive == false`), to
        /// reserve room in advance so nothing jumps when the device folds.
        public static let includeInactive = QueryOptions(rawValue: 1 << 0)
    }
}
