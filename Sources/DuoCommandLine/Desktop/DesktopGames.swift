import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

/// The games of the desktop program (`duo --game NAME`), the default first:
/// the one registry every command, help text and error message reads, made
/// from the registrations a program's `main.swift` gives ``DuoCommand``.
struct DesktopGames: Sendable {
    /// The registrations, the default first.
    let entries: [DesktopGameRegistration]

    /// The registry of `entries`.
    /// - Throws: ``CatalogError`` when two share a name, or there are none.
    init(_ entries: [DesktopGameRegistration]) throws(CatalogError) {
        _ = try GameCatalog(registering: entries.map(\.catalogEntry))
        self.entries = entries
    }

    /// The names, in order.
    var names: [String] { entries.map(\.name) }

    /// The game played when none is named.
    var defaultEntry: DesktopGameRegistration { entries[0] }

    /// The names as a choice (`broadside|minigolf`).
    var choice: String { names.joined(separator: "|") }

    /// The entry called `name`.
    /// - Throws: ``ArgumentError`` listing the games.
    func entry(named name: String) throws(ArgumentError) -> DesktopGameRegistration {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ArgumentError("--game must be one of \(choice), not '\(name)'")
        }
        return entry
    }

    /// The entry `--game` names (`name`), or the default when it is nil.
    func entry(_ name: String?) throws(ArgumentError) -> DesktopGameRegistration {
        try name.map { name throws(ArgumentError) in try entry(named: name) } ?? defaultEntry
    }

    /// The games played over the network from the window.
    var networked: [DesktopGameRegistration] { entries.filter { $0.makeNetworkGame != nil } }

    /// Makes `entry`'s table; a bot the game lacks is a usage error naming the game's bots.
    func table(of entry: DesktopGameRegistration, variant: String, bot: String?, seed: UInt64) throws -> any DesktopGame {
        do {
            return try entry.makeTable(variant, bot, seed)
        } catch let error as UnknownBotError {
            throw ArgumentError("--bot must be one of \(error.known.joined(separator: "|")) for \(entry.name), not '\(error.name)'")
        }
    }

    // MARK: - Help

    /// What the help says of each game's variants and bots, read from `Assets/` (nothing more when it cannot be found).
    struct Listing {
        let name: String
        let variants: [String]
        let defaultVariant: String
        let bots: [String]
        let defaultBot: String
    }

    /// Each game's variants and bots. The bots need each game loaded (its rules read):
    /// without `loadingBots` only the variants are read, and each game's bots are its default one.
    func listings(loadingBots: Bool = true) -> [Listing] {
        let assets = try? AssetLocator.standard().directory()
        return entries.map { entry in
            let variants = assets.map { entry.catalogEntry.variants(in: $0) } ?? []
            let bots = loadingBots ? assets.flatMap { try? entry.catalogEntry.load(assets: $0) }?.botNames ?? [] : []
            return Listing(
                name: entry.name, variants: variants.isEmpty ? [entry.defaultVariant] : variants,
                defaultVariant: entry.defaultVariant, bots: bots.isEmpty ? [entry.defaultBot] : bots, defaultBot: entry.defaultBot)
        }
    }

    /// `a | b (default) | c`.
    static func choices(_ names: [String], default chosen: String) -> String {
        names.map { $0 == chosen ? "\($0) (default)" : $0 }.joined(separator: " | ")
    }
}
