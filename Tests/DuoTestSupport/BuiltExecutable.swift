import Foundation

/// A built executable of this package, found next to the running test bundle,
/// so end-to-end tests run exactly what `swift build` produced.
public struct BuiltExecutable: Sendable {
    /// Where the executable is.
    public let url: URL

    /// Finds the executable `name` in the build products directory.
    /// - Throws: ``BuiltExecutableError`` naming the places searched.
    public init(named name: String) throws {
        var directories: [URL] = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL {
            directories.append(executable.deletingLastPathComponent())
        }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // A test bundle may run from inside `X.xctest/`: look one level up too.
        directories += directories.map { $0.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                url = candidate
                return
            }
        }
        throw BuiltExecutableError(name: name, searched: directories.map(\.path))
    }

    /// The executable at `url` (a link to a built one, say, to run it under another name).
    public init(url: URL) {
        self.url = url
    }

    /// Runs the executable with `arguments` and waits for it to end.
    /// - Parameters:
    ///   - input: bytes written to its standard input (then closed).
    ///   - environment: variables added to the test's own environment.
    ///   - currentDirectory: where it runs; the package root by default.
    public func run(
        _ arguments: [String],
        input: Data = Data(),
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> ProcessResult {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = currentDirectory ?? PackageRoot.url
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        // Read both pipes to the end before waiting, so a chatty child never blocks.
        let group = DispatchGroup()
        let outBox = DataBox()
        let errBox = DataBox()
        for (pipe, box) in [(stdout, outBox), (stderr, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        group.wait()
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus, stdout: outBox.get(), stderr: errBox.get())
    }
}

/// What a finished process left: its exit status and both outputs.
public struct ProcessResult: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: Data
    /// Everything written to standard error.
    public let stderr: Data
    /// Standard output as UTF-8 text.
    public var output: String { String(decoding: stdout, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var errorOutput: String { String(decoding: stderr, as: UTF8.self) }
}

/// The executable was not built where the tests look for it.
public struct BuiltExecutableError: Error, CustomStringConvertible {
    public let name: String
    public let searched: [String]
    public var description: String {
        "executable '\(name)' not found; run 'swift build' first (searched: \(searched.joined(separator: ", ")))"
    }
}

/// A lock-protected byte buffer filled by a reader thread.
private final class DataBox: @unchecked Sendable {
    // Safe: every access goes through `lock`.
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
