import Foundation

/// The package's top folder and its `Assets/`, found from this source
/// file's path: the one place the tests locate the checkout they run from.
public enum PackageRoot {
    /// The folder holding Package.swift.
    public static let url: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DuoTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The package's `Assets/` folder: device profiles, game rules, the protocol's schemas, fonts.
    public static let assets: URL = url.appendingPathComponent("Assets", isDirectory: true)
}
