import DuoPlatform
import Foundation

/// The `Assets/` folder that holds the games' rules data, found by the
/// platform's ``AssetLocator`` (the one search order every executable uses:
/// `DUO_ASSETS`, then `Assets/` next to or above the executable, then `./Assets`).
public enum GameAssets {
    /// The `Assets/` folder.
    /// - Throws: ``AssetLocatorError`` listing the places searched and the fix.
    public static func locate() throws(AssetLocatorError) -> URL {
        try AssetLocator.standard().directory()
    }
}
