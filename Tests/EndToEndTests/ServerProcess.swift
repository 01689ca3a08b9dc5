import DuoClient
import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A program running in the background (`duo-server serve`, `haproxy`),
/// its standard error in a log file, stopped by signals.
final class BackgroundProcess: @unchecked Sendable {
    // Safe: `process` is only read after `run()`; `output` is read by one
    // caller at a time (waiting for the first line).
    let process: Process
    let logURL: URL
    private let output = Pipe()
    /// Standard output read so far.
    private var text = ""
    /// Foundation's Process is not safe to spawn from several threads at once.
    private static let spawnLock = NSLock()

    /// Starts `executable` with `arguments`; standard error goes to `logURL`.
    /// - Parameter readsOutput: keep standard output to read the first line
    ///   (``waitForPort(prefix:timeout:)``); otherwise it goes nowhere.
    init(_ executable: URL, _ arguments: [String], logURL: URL, readsOutput: Bool = true) throws {
        self.logURL = logURL
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = PackageRoot.url
        process.standardOutput = readsOutput ? output : FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardInput = FileHandle.nullDevice
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        try process.run()
    }

    /// Reads standard output until a line holding `prefix` then a port; returns the port.
    func waitForPort(prefix: String = "listening on 127.0.0.1:") throws -> UInt16 {
        while true {
            if let range = text.range(of: prefix), let port = UInt16(text[range.upperBound...].prefix { $0.isNumber }),
                text[range.upperBound...].contains("\n")
            {
                return port
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw ProcessTestError("no '\(prefix)' line; log: \(log)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `signal`.
    func send(_ signal: Int32) {
        Glibc.kill(process.processIdentifier, signal)
    }

    /// Waits up to `seconds` for the process to end; false if it still runs.
    func waitForExit(seconds: Double) -> Bool {
        let limit = Date().addingTimeInterval(seconds)
        while process.isRunning {
            if Date() > limit { return false }
            usleep(1_000)
        }
        return true
    }

    /// Stops it for good (SIGKILL) if it still runs.
    func kill() {
        if process.isRunning {
            send(SIGKILL)
            process.waitUntilExit()
        }
    }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }
}

/// A free TCP port on loopback now (bound and released: good enough for a test).
func freeLoopbackPort() throws -> UInt16 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
        }
    }
    guard bound else { throw ProcessTestError("no free port") }
    return UInt16(bigEndian: address.sin_port)
}

/// A blocking client of newline-delimited JSON on loopback, with a
/// receive timeout as a safety net against a hung server.
final class JSONLineClient {
    /// The socket; -1 once closed. A class whose initialiser throws after
    /// every property is set still runs `deinit`, so a failed connect must
    /// not leave the number here to be closed twice: the second close would
    /// close whatever descriptor the process opened under that number since
    /// (a journal of the in-process server of another suite).
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The game of the connection's match, for the schema of its payloads.
    private var game: String?
    /// The latest `view` received.
    private(set) var latestView: [String: Any]?
    /// The `ended` message, once received.
    private(set) var ended: [String: Any]?

    /// Connects to `127.0.0.1:port`.
    init(port: UInt16, timeoutSeconds: Int = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            descriptor = -1
            throw ProcessTestError("connect to port \(port) failed")
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    func send(_ object: [String: Any]) throws {
        var data = try JSONSerialization.data(withJSONObject: object)
        data.append(0x0A)
        let sent = data.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == data.count else { throw ProcessTestError("send failed") }
    }

    /// The next message.
    func receive() throws -> [String: Any] {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Data(buffer[..<newline])
                buffer.removeSubrange(...newline)
                // Every line the real server sends is held to the protocol's schemas.
                for problem in ServedSchemas.violations(of: line, game: game) {
                    Issue.record("schema: \(problem) in \(String(decoding: line.prefix(300), as: UTF8.self))")
                }
                guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                    throw ProcessTestError("not an object: \(String(decoding: line, as: UTF8.self))")
                }
                if let named = object["game"] as? String { game = named }
                if object["type"] as? String == "view" { latestView = object }
                if object["type"] as? String == "ended" { ended = object }
                return object
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { throw ProcessTestError("connection closed or timed out") }
            buffer += chunk[..<count]
        }
    }

    /// Skips messages until one of `type` arrives (an `error` instead is thrown).
    func expect(_ type: String) throws -> [String: Any] {
        while true {
            let message = try receive()
            if message["type"] as? String == type { return message }
            if message["type"] as? String == "error" { throw ProcessTestError("expected \(type), got \(message)") }
        }
    }

    /// Sends `object` and waits for the answer of `type`.
    func request(_ object: [String: Any], expecting type: String) throws -> [String: Any] {
        try send(object)
        return try expect(type)
    }

    /// Plays the first legal move and waits for its `accepted`; returns the move number.
    func playFirstLegalMove() throws -> Int {
        let legal = try request(["type": "legal"], expecting: "legal")
        guard let move = (legal["moves"] as? [Any])?.first else { throw ProcessTestError("no legal move: \(legal)") }
        let accepted = try request(["type": "move", "move": move], expecting: "accepted")
        return accepted["number"] as? Int ?? -1
    }

    /// The seats to move in the latest view, after reading what arrived (a ping's round trip).
    func toMove() throws -> [Int] {
        _ = try request(["type": "ping"], expecting: "pong")
        return latestView?["toMove"] as? [Int] ?? []
    }
}

/// A failure of a process-driving test, with what was seen.
extension JSONLineClient {
    /// Skips messages until one matches.
    func next(_ matching: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            let message = try receive()
            if matching(message) { return message }
        }
    }

    /// Sends a request and returns the first answer that is not news
    /// (views, opponent status and results are remembered, not returned).
    func request(_ object: [String: Any]) throws -> [String: Any] {
        try send(object)
        return try next { !["view", "opponent", "ended"].contains($0["type"] as? String ?? "") }
    }

    /// The seat to move according to the latest view (draining what arrived), nil when none.
    func latestToMove() throws -> Int? {
        try send(["type": "ping"])
        _ = try next { $0["type"] as? String == "pong" }
        return (latestView?["toMove"] as? [Int])?.first
    }
}

/// The schemas of `Assets/schemas/`, loaded once.
enum ServedSchemas {
    static let loaded = Result {
        try ProtocolSchemas(directory: PackageRoot.assets.appendingPathComponent("schemas"))
    }

    /// What is wrong with `line` against the schemas (nothing: it conforms).
    static func violations(of line: Data, game: String?) -> [String] {
        switch loaded {
        case .failure(let error): ["the schemas do not load: \(error)"]
        case .success(let schemas): schemas.violations(ofServerLine: [UInt8](line), game: game)
        }
    }
}

struct ProcessTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
