/// The capture accessory as the window draws it: the outer display's scene
/// (who won and the score, the display's camera and status strip) and where
/// in the window it goes. Not `Sendable`, as its ``SceneContent`` is not.
public struct AccessoryInset {
    /// The outer display's scene.
    public var content: SceneContent
    /// Where it goes in the window.
    public var layout: AccessoryInsetLayout

    /// An inset from its parts.
    public init(content: SceneContent, layout: AccessoryInsetLayout) {
        self.content = content
        self.layout = layout
    }
}
