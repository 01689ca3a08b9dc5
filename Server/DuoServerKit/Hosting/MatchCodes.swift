import DuoClient
import DuoNet
import Foundation

/// Makes and reads match codes: six characters from an alphabet without
/// look-alikes (no 0/O, 1/I/L), drawn from the system's secure random
/// source, optionally prefixed with the server's id (`EU1-K7QF2M`) so a
/// load balancer can send a code to the server that holds its match.
///
/// Codes are case-insensitive: players type them.
public struct MatchCodes: Sendable {
    /// The characters of a code.
    public static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// Characters in the random part.
    public static let length = 6

    /// The server id prefixed to every code, uppercased; nil for none.
    public let serverID: String?

    /// Makes a code maker for the server `serverID` (letters and digits, at
    /// most 16).
    /// - Throws: ``ServerIDError`` when the id has other characters.
    public init(serverID: String?) throws(ServerIDError) {
        if let serverID {
            guard (1...16).contains(serverID.count), serverID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw ServerIDError(id: serverID)
            }
            self.serverID = serverID.uppercased()
        } else {
            self.serverID = nil
        }
    }

    /// A new random code.
    /// - Throws: `SocketError` when the secure random source fails.
    public func make() throws -> String {
        try make { try SecureRandom.index(below: $0) }
    }

    /// A new code whose letters come from `index` (a number below its argument).
    func make(index: (Int) throws -> Int) rethrows -> String {
        var code = ""
        for _ in 0..<Self.length {
            code.append(Self.alphabet[try index(Self.alphabet.count)])
        }
        return serverID.map { "\($0)-\(code)" } ?? code
    }

    /// The canonical form of a code a person typed (uppercased, trimmed).
    public static func normalize(_ typed: String) -> String {
        typed.trimmingCharacters(in: .whitespaces).uppercased()
    }

    /// Whether `code` could be a code of this form (safe to use as a file name).
    public static func isWellFormed(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let random = parts.last, parts.count <= 2, random.count == length,
            random.allSatisfy({ alphabet.contains($0) })
        else { return false }
        if parts.count == 2 {
            let prefix = parts[0]
            return (1...16).contains(prefix.count) && prefix.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
        }
        return true
    }
}

/// A server id with characters other than letters and digits.
public struct ServerIDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The id given.
    public let id: String
    /// The error as one line.
    public var description: String { "server id '\(id)' must be 1 to 16 letters or digits" }
}
