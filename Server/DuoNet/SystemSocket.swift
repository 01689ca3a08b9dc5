#if canImport(Glibc)
import Glibc
#endif

/// The raw socket calls, in one place: every other file of this module goes
/// through these wrappers, so the `errno` handling lives here only.
enum SystemSocket {
    /// Outcome of a non-blocking read or write.
    enum Transfer: Equatable {
        /// This many bytes moved.
        case bytes(Int)
        /// Nothing can move now; wait for poll.
        case wouldBlock
        /// The peer closed its side (read only).
        case endOfStream
        /// The call failed with this `errno`.
        case failed(Int32)
    }

    /// A non-blocking, close-on-exec TCP socket listening on `address`.
    static func listen(on address: SocketAddress, backlog: Int32) throws -> Int32 {
        let descriptor = try makeSocket(ipv6: address.isIPv6)
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        do {
            try address.withSockAddr { pointer, length in
                guard bind(descriptor, pointer, length) == 0 else { throw SocketError.last("bind", subject: address.description) }
            }
            guard Glibc.listen(descriptor, backlog) == 0 else { throw SocketError.last("listen", subject: address.description) }
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Starts a non-blocking connect; the socket becomes writable when it is done.
    static func connect(to address: SocketAddress, from local: SocketAddress?) throws -> Int32 {
        let descriptor = try makeSocket(ipv6: address.isIPv6)
        do {
            if let local {
                try local.withSockAddr { pointer, length in
                    guard bind(descriptor, pointer, length) == 0 else { throw SocketError.last("bind", subject: local.description) }
                }
            }
            try address.withSockAddr { pointer, length in
                if Glibc.connect(descriptor, pointer, length) != 0 && errno != EINPROGRESS {
                    throw SocketError.last("connect", subject: address.description)
                }
            }
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        setNoDelay(descriptor)
        return descriptor
    }

    /// Accepts one pending connection, or nil when none is waiting.
    static func accept(_ listener: Int32) throws -> (descriptor: Int32, peer: SocketAddress?)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
        }
        if descriptor < 0 {
            switch errno {
            case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED: return nil
            default: throw SocketError.last("accept")
            }
        }
        setNonBlocking(descriptor)
        setCloseOnExec(descriptor)
        setNoDelay(descriptor)
        let peer = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress($0, length: length) }
        }
        return (descriptor, peer)
    }

    /// The address a socket is bound to (to learn an ephemeral port).
    static func localAddress(_ descriptor: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> SocketAddress? in
                guard getsockname(descriptor, address, &length) == 0 else { return nil }
                return SocketAddress(address, length: length)
            }
        }
    }

    /// The `errno` left by a finished non-blocking connect (0 when it succeeded).
    static func pendingError(_ descriptor: Int32) -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return errno }
        return value
    }

    /// Reads what is available into `buffer`.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// Writes what the socket accepts now; never raises SIGPIPE.
    static func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Transfer {
        while true {
            let count = send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// Closes a descriptor, ignoring errors (nothing useful can be done about them).
    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    private static func makeSocket(ipv6: Bool) throws -> Int32 {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, type, 0)
        guard descriptor >= 0 else { throw SocketError.last("socket") }
        return descriptor
    }

    static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    static func setCloseOnExec(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFD)
        _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC)
    }

    /// Small lines must leave at once: a move is one short line, and Nagle's
    /// algorithm would hold it back waiting for the previous one's ack.
    static func setNoDelay(_ descriptor: Int32) {
        var yes: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
}
