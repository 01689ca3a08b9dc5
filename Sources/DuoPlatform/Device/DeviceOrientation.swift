/// How the body of the device is held, named as for the closed phone.
///
/// Every display turns with the device: a rectangle given for a display in
/// `portrait`, on a display of portrait size (W, H), becomes
/// - `landscapeLeft`: (y, W - x - w, h, w): the right-hand half of the inner
///   display, which carries the inner camera, ends up on top (tabletop);
/// - `landscapeRight`: (H - y - h, x, h, w), the opposite quarter turn;
/// - `portraitUpsideDown`: (W - x - w, H - y - h, w, h).
public enum DeviceOrientation: String, Codable, CaseIterable, Hashable, Sendable {
    /// Upright, as the closed phone is usually held.
    case portrait
    /// Upside down.
    case portraitUpsideDown
    /// A quarter turn such that the right-hand half of the open inner display is on top.
    case landscapeLeft
    /// The opposite quarter turn: the right-hand half of the open inner display is at the bottom.
    case landscapeRight

    /// Whether the display's portrait width and height are swapped on screen.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }

    /// The orientation that undoes this one (the other quarter turn for the
    /// landscapes; itself for the portraits). Map with the rotated size to go back.
    public var inverse: DeviceOrientation {
        switch self {
        case .portrait: .portrait
        case .portraitUpsideDown: .portraitUpsideDown
        case .landscapeLeft: .landscapeRight
        case .landscapeRight: .landscapeLeft
        }
    }

    /// The on-screen size of a display whose portrait size is `portraitSize`.
    public func displaySize(portrait portraitSize: Size) -> Size {
        isLandscape ? portraitSize.transposed : portraitSize
    }

    /// Maps a rectangle given on a display in portrait (of portrait size
    /// `portraitSize`) to the same physical area in this orientation.
    public func map(_ rect: Rect, portraitSize: Size) -> Rect {
        let (w, h) = (portraitSize.width, portraitSize.height)
        switch self {
        case .portrait:
            return rect
        case .portraitUpsideDown:
            return Rect(x: w - rect.maxX, y: h - rect.maxY, width: rect.width, height: rect.height)
        case .landscapeLeft:
            return Rect(x: rect.minY, y: w - rect.maxX, width: rect.height, height: rect.width)
        case .landscapeRight:
            return Rect(x: h - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        }
    }

    /// Maps a rectangle's insets the way ``map(_:portraitSize:)`` maps the
    /// rectangle: each edge's inset follows its edge. `leading` is the left
    /// edge on both sides of the mapping.
    public func map(_ insets: EdgeInsets) -> EdgeInsets {
        let (top, left, bottom, right) = (insets.top, insets.leading, insets.bottom, insets.trailing)
        switch self {
        case .portrait:
            return insets
        case .portraitUpsideDown:
            return EdgeInsets(top: bottom, leading: right, bottom: top, trailing: left)
        case .landscapeLeft:
            // x' = y: the old top edge becomes the left; y' = W - x - w: the old right edge becomes the top.
            return EdgeInsets(top: right, leading: top, bottom: left, trailing: bottom)
        case .landscapeRight:
            // x' = H - y - h: the old bottom edge becomes the left; y' = x: the old left edge becomes the top.
            return EdgeInsets(top: left, leading: bottom, bottom: right, trailing: top)
        }
    }

    /// Maps a rectangle given on screen in this orientation back to the
    /// display's portrait coordinates (the inverse of ``map(_:portraitSize:)``).
    public func unmap(_ rect: Rect, portraitSize: Size) -> Rect {
        inverse.map(rect, portraitSize: displaySize(portrait: portraitSize))
    }
}
