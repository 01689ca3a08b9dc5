import Foundation

/// Finds the TrueType font the desktop front end draws text with: DejaVu
/// Sans from Debian's `fonts-dejavu-core` (no font file is committed).
public struct FontLocator: Sendable {
    /// The regular and bold faces.
    public struct Faces: Sendable, Equatable {
        /// Path of the regular face.
        public let regular: String
        /// Path of the bold face (the regular one when no bold exists).
        public let bold: String

        /// Faces from their paths.
        public init(regular: String, bold: String) {
            self.regular = regular
            self.bold = bold
        }
    }

    /// Where Debian installs the faces.
    public static let debianDirectory = "/usr/share/fonts/truetype/dejavu"

    /// Environment variable that names a font file to use instead (any TrueType font).
    public static let overrideVariable = "DUO_FONT"

    private let environment: [String: String]
    private let fileExists: @Sendable (String) -> Bool
    private let fontconfigLookup: @Sendable (String) -> String?

    /// A locator that looks at the real file system and asks `fc-match`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(
            environment: environment,
            fileExists: { FileManager.default.fileExists(atPath: $0) },
            fontconfigLookup: FontLocator.askFontconfig
        )
    }

    /// A locator with its file system and fontconfig replaced (for tests).
    public init(
        environment: [String: String],
        fileExists: @escaping @Sendable (String) -> Bool,
        fontconfigLookup: @escaping @Sendable (String) -> String?
    ) {
        self.environment = environment
        self.fileExists = fileExists
        self.fontconfigLookup = fontconfigLookup
    }

    /// The faces to use: `DUO_FONT` if set, else Debian's path, else what fontconfig says.
    /// - Throws: ``DesktopError`` naming every place looked at and the package to install.
    public func locate() throws(DesktopError) -> Faces {
        var looked: [String] = []
        if let override = environment[Self.overrideVariable], !override.isEmpty {
            guard fileExists(override) else {
                throw DesktopError(
                    cause: "the font file \(override) named by \(Self.overrideVariable) does not exist",
                    fix: "set \(Self.overrideVariable) to a TrueType file, or unset it to use DejaVu Sans")
            }
            return Faces(regular: override, bold: override)
        }
        let regular = Self.debianDirectory + "/DejaVuSans.ttf"
        let bold = Self.debianDirectory + "/DejaVuSans-Bold.ttf"
        looked.append(regular)
        if fileExists(regular) {
            return Faces(regular: regular, bold: fileExists(bold) ? bold : regular)
        }
        looked.append("fc-match 'DejaVu Sans'")
        if let found = fontconfigLookup("DejaVu Sans"), fileExists(found), found.lowercased().contains("dejavu") {
            let boldFound = fontconfigLookup("DejaVu Sans:bold").flatMap { fileExists($0) ? $0 : nil }
            return Faces(regular: found, bold: boldFound ?? found)
        }
        throw DesktopError(
            cause: "the font DejaVu Sans is missing (looked at: \(looked.joined(separator: ", ")))",
            fix: "install it with 'sudo apt-get install fonts-dejavu-core' (scripts/install-deps.sh does), "
                + "or set \(Self.overrideVariable) to a TrueType font file"
        )
    }

    /// The file fontconfig picks for `pattern`, or nil when `fc-match` is absent or fails.
    @Sendable static func askFontconfig(_ pattern: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["fc-match", "--format=%{file}", pattern]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let path = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }
}
