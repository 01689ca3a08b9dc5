#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address and TCP port, as a plain value.
///
/// `host` is always the numeric form (`127.0.0.1`, `::1`), so two values
/// that name the same endpoint compare equal and can key a dictionary
/// (the per-address connection cap counts by `host`).
public struct SocketAddress: Hashable, Sendable, CustomStringConvertible {
    /// The numeric host, without brackets.
    public let host: String
    /// The TCP port.
    public let port: UInt16
    /// Whether the host is an IPv6 address.
    public let isIPv6: Bool

    /// Resolves `host` (a numeric address or a name such as `localhost`) and
    /// `port` to the first address the system offers for a TCP stream.
    /// - Throws: ``SocketError`` when the name does not resolve.
    public init(host: String, port: UInt16) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = String(cString: gai_strerror(status))
            throw SocketError("resolve", subject: "\(host) (\(reason))", code: EINVAL)
        }
        defer { freeaddrinfo(list) }
        guard let address = SocketAddress(first.pointee.ai_addr, length: first.pointee.ai_addrlen) else {
            throw SocketError("resolve", subject: host, code: EAFNOSUPPORT)
        }
        self = address
    }

    /// The IPv4 loopback address `127.0.0.1` on `port`.
    public static func loopback(port: UInt16) -> SocketAddress {
        SocketAddress(numericHost: "127.0.0.1", port: port, isIPv6: false)
    }

    /// Parses `HOST:PORT` (IPv6 hosts in brackets: `[::1]:7777`).
    /// - Throws: ``SocketError`` when the text is not of that form or the
    ///   host does not resolve.
    public init(parsing text: String) throws {
        var hostPart = Substring(text)
        var portPart: Substring = ""
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { portPart = rest.dropFirst() }
        } else if let colon = text.lastIndex(of: ":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        }
        guard !hostPart.isEmpty, let port = UInt16(portPart) else {
            throw SocketError("parse address", subject: "'\(text)' (expected HOST:PORT)", code: EINVAL)
        }
        try self.init(host: String(hostPart), port: port)
    }

    init(numericHost: String, port: UInt16, isIPv6: Bool) {
        self.host = numericHost
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// Reads a `sockaddr` filled in by the system (`accept`, `getsockname`).
    init?(_ address: UnsafePointer<sockaddr>, length: socklen_t) {
        var hostBuffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        guard getnameinfo(address, length, &hostBuffer, socklen_t(hostBuffer.count), nil, 0, NI_NUMERICHOST) == 0 else {
            return nil
        }
        let port: UInt16
        if family == AF_INET {
            port = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        } else {
            port = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
        }
        let host = hostBuffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        self.init(numericHost: host, port: port, isIPv6: family == AF_INET6)
    }

    /// Whether the address is a loopback address (`127.0.0.0/8` or `::1`).
    public var isLoopback: Bool {
        isIPv6 ? host == "::1" : host.hasPrefix("127.")
    }

    /// The address with another port.
    public func with(port: UInt16) -> SocketAddress {
        SocketAddress(numericHost: host, port: port, isIPv6: isIPv6)
    }

    /// The same address as a system `sockaddr_storage`, for `bind` and `connect`.
    func withSockAddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Result) throws -> Result {
        var storage = sockaddr_storage()
        let length: socklen_t
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            try parseHost(AF_INET6, into: &address.sin6_addr)
            length = Self.store(address, in: &storage)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            try parseHost(AF_INET, into: &address.sin_addr)
            length = Self.store(address, in: &storage)
        }
        return try withUnsafePointer(to: &storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
        }
    }

    /// Writes the numeric host into an `in_addr` or `in6_addr` of `family`.
    private func parseHost<Address>(_ family: Int32, into address: inout Address) throws {
        let parsed = withUnsafeMutableBytes(of: &address) { inet_pton(family, host, $0.baseAddress) }
        guard parsed == 1 else {
            throw SocketError("parse address", subject: host, code: EINVAL)
        }
    }

    /// Copies a `sockaddr_in` or `sockaddr_in6` into `storage`; returns its length.
    private static func store<Address>(_ address: Address, in storage: inout sockaddr_storage) -> socklen_t {
        withUnsafeBytes(of: address) { bytes in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) }
        }
        return socklen_t(MemoryLayout<Address>.size)
    }

    /// `host:port`, with IPv6 hosts in brackets.
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
