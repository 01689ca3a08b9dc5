/// The frames an ``Arrangement`` gives its two views in one container.
///
/// Encodes as `{"style", "primary": rect or null, "secondary": rect or null, "isStackedInZ"}`.
public struct ArrangementLayout: Codable, Hashable, Sendable {
    /// The style that produced it.
    public var style: Arrangement.Style
    /// The primary view's frame, or nil when it is not shown.
    public var primary: Rect?
    /// The secondary view's frame, or nil when it is hidden or not shown.
    public var secondary: Rect?
    /// Whether both views fill the container, primary drawn over secondary (an overlay that is not folded).
    public var isStackedInZ: Bool

    /// Makes a layout.
    public init(style: Arrangement.Style, primary: Rect?, secondary: Rect?, isStackedInZ: Bool = false) {
        self.style = style
        self.primary = primary
        self.secondary = secondary
        self.isStackedInZ = isStackedInZ
    }

    /// An overlay's z-stack: both views fill `bounds`.
    static func stacked(in bounds: Rect, secondaryHidden: Bool) -> ArrangementLayout {
        ArrangementLayout(style: .overlay, primary: bounds, secondary: secondaryHidden ? nil : bounds, isStackedInZ: true)
    }

    private enum CodingKeys: String, CodingKey { case style, primary, secondary, isStackedInZ }

    /// Decodes the form it encodes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        style = try container.decode(Arrangement.Style.self, forKey: .style)
        primary = try container.decodeIfPresent(Rect.self, forKey: .primary)
        secondary = try container.decodeIfPresent(Rect.self, forKey: .secondary)
        isStackedInZ = try container.decode(Bool.self, forKey: .isStackedInZ)
    }

    /// Encodes every key, with `null` for a view not shown.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        if let primary { try container.encode(primary, forKey: .primary) } else { try container.encodeNil(forKey: .primary) }
        if let secondary { try container.encode(secondary, forKey: .secondary) } else { try container.encodeNil(forKey: .secondary) }
        try container.encode(isStackedInZ, forKey: .isStackedInZ)
    }
}
