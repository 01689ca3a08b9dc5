/// The rules data of a loaded variant and the tables derived from it, in
/// one shared immutable object.
final class BroadsideData: Sendable {
    /// The variant's data.
    let rules: BroadsideRules
    /// Every position of every ship length.
    let table: PlacementTable
    /// The start of each placement move's JSON, by length and shape (see
    /// ``BroadsideJSON/placementPrefixes(_:)``): legal-move lists are copies.
    let placementPrefixes: [BroadsideJSON.PlacementPrefixes]
    /// The density bot's shape tables.
    let density: DensityTable
    /// The diagonal lattices the `sweep` shooter chooses among.
    let lattices: DiagonalLattices

    init(rules: BroadsideRules, table: PlacementTable) {
        self.rules = rules
        self.table = table
        placementPrefixes = BroadsideJSON.placementPrefixes(table)
        density = DensityTable(table: table, fleet: rules.fleet.map(\.length))
        lattices = DiagonalLattices(board: table.board)
    }
}
