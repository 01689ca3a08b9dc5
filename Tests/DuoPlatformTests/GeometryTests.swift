import Foundation
import Testing

@testable import DuoPlatform

@Suite struct GeometryTests {
    @Test func rectEdgesAndCentre() {
        let rect = Rect(x: 450, y: 0, width: 32, height: 660)
        #expect(rect.minX == 450 && rect.maxX == 482 && rect.midX == 466)
        #expect(rect.minY == 0 && rect.maxY == 660 && rect.midY == 330)
        #expect(rect.center == Point(x: 466, y: 330))
    }

    @Test func rectanglesTouchingAlongAnEdgeDoNotIntersect() {
        let left = Rect(x: 0, y: 0, width: 450, height: 660)
        let band = Rect(x: 450, y: 0, width: 32, height: 660)
        #expect(!left.intersects(band))
        #expect(left.offsetBy(dx: 1, dy: 0).intersects(band))
        #expect(left.offsetBy(dx: 1, dy: 0).intersection(band) == Rect(x: 450, y: 0, width: 1, height: 660))
    }

    @Test func emptyRectIntersectsNothing() {
        let line = Rect(x: 466, y: 0, width: 0, height: 660)
        #expect(!line.intersects(Rect(x: 0, y: 0, width: 932, height: 660)))
    }

    @Test func containsAndInsets() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(outer.contains(Rect(x: 0, y: 0, width: 100, height: 50)))
        #expect(!outer.contains(Rect(x: -1, y: 0, width: 10, height: 10)))
        #expect(outer.contains(Point(x: 0, y: 0)))
        #expect(!outer.contains(Point(x: 100, y: 10)))
        #expect(outer.insetBy(dx: 10, dy: 5) == Rect(x: 10, y: 5, width: 80, height: 40))
        #expect(outer.inset(by: EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)) == Rect(x: 2, y: 1, width: 94, height: 46))
        #expect(outer.insetBy(dx: 60, dy: 0).width == 0)
    }

    @Test func mirroringInAContainer() {
        #expect(Rect(x: 10, y: 5, width: 20, height: 1).mirroredHorizontally(inWidth: 100) == Rect(x: 70, y: 5, width: 20, height: 1))
        #expect(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4).mirroredHorizontally == EdgeInsets(top: 1, leading: 4, bottom: 3, trailing: 2))
    }

    @Test func rectEncodesAsFlatXYWidthHeight() throws {
        let data = try JSONEncoder().encode(Rect(x: 1, y: 2, width: 3, height: 4))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Double]
        #expect(object == ["x": 1, "y": 2, "width": 3, "height": 4])
        #expect(try JSONDecoder().decode(Rect.self, from: data) == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func hingeAngleGivesDegreesAndRadians() {
        #expect(HingeAngle(degrees: 180).radians == .pi)
        #expect(abs(HingeAngle(radians: .pi / 2).degrees - 90) < 1e-12)
    }
}
