/// An image a game draws, named by its path inside the `Assets/` folder
/// (`sprites/broadside/ship-3-across.png`): a PNG the front end loads with
/// SDL2_image on first use and keeps as a texture for each renderer.
///
/// A sprite is only a name, so a painter can keep its sprites as constants;
/// ``Canvas/drawSprite(_:x:y:width:height:tint:)`` draws one into a rectangle.
public struct Sprite: Hashable, Sendable, CustomStringConvertible {
    /// The image's path relative to the `Assets/` folder.
    public let path: String

    /// The sprite at `path` inside the `Assets/` folder.
    public init(_ path: String) {
        self.path = path
    }

    /// The path, as error messages name it.
    public var description: String { path }
}
