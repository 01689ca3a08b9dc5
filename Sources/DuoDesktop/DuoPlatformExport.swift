// DuoDesktop's API is written in the platform's types (Rect, LayoutContext,
// RGBAColor...): a front end that imports DuoDesktop gets them too, as
// swift-nio's umbrella module re-exports NIOCore.
@_exported import DuoPlatform
