import DuoPlatform
import TabletopEngine

extension DevicePresentation {
    /// The bounding box in the window of each active division of `context`, as the device is drawn
    /// (through its tilt and turn): where the fold's band shows, for what is drawn over the window.
    func windowBoxes(ofActiveDivisionsIn context: LayoutContext) -> [Rect] {
        context.reservedRegions(kind: .division, layoutDirectionBehavior: .fixed).filter(\.isActive).compactMap { region in
            let frame = region.frame
            let corners = [
                Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY), Point(x: frame.minX, y: frame.maxY),
                Point(x: frame.maxX, y: frame.maxY), Point(x: frame.midX, y: frame.minY), Point(x: frame.midX, y: frame.maxY),
                Point(x: frame.minX, y: frame.midY), Point(x: frame.maxX, y: frame.midY),
            ].compactMap { pixelPoint(forScene: $0) }
            guard let minX = corners.map(\.x).min(), let maxX = corners.map(\.x).max(), let minY = corners.map(\.y).min(),
                let maxY = corners.map(\.y).max()
            else { return nil }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }
}
