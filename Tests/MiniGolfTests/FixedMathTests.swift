import Testing

@testable import MiniGolf

@Suite("Fixed-point arithmetic")
struct FixedMathTests {
    @Test("squareRoot is the exact floor of the square root")
    func squareRootIsExactFloor() {
        var values: [Int64] = [0, 1, 2, 3, 4, 15, 16, 17, Int64(Int32.max), Int64.max]
        // Around every power of two, where the first round's bit changes.
        for shift in 1..<63 {
            let power = Int64(1) << Int64(shift)
            values += [power - 1, power, power + 1]
        }
        var seed: UInt64 = 12345
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(seed >> 2))
            values.append(Int64((seed >> 40) & 0xFFFFFF))
        }
        for value in values {
            let root = FixedMath.squareRoot(value)
            #expect(root.multipliedReportingOverflow(by: root).partialValue <= value)
            let next = root + 1
            let (square, overflow) = next.multipliedReportingOverflow(by: next)
            #expect(overflow || square > value, "root of \(value) is \(root)")
        }
        #expect(FixedMath.squareRoot(-5) == 0)
    }

    @Test("multiplyDivide keeps a product wider than 64 bits")
    func multiplyDivideUsesFullWidth() {
        let big: Int64 = 3_000_000_000_000
        #expect(FixedMath.multiplyDivide(big, big, big) == big)
        #expect(FixedMath.multiplyDivide(7, -3, 2) == -10)  // rounds toward zero
        #expect(FixedMath.multiplyDivide(-big, 4_000_000, 8_000_000) == -big / 2)
    }

    @Test("the direction table has unit vectors, exact on the axes")
    func directionTableIsUnitLength() {
        #expect(DirectionTable.unitVector(degrees: 0) == CourseVector(x: 65536, y: 0))
        #expect(DirectionTable.unitVector(degrees: 90) == CourseVector(x: 0, y: 65536))
        #expect(DirectionTable.unitVector(degrees: 180) == CourseVector(x: -65536, y: 0))
        #expect(DirectionTable.unitVector(degrees: 270) == CourseVector(x: 0, y: -65536))
        #expect(DirectionTable.unitVector(degrees: 450) == DirectionTable.unitVector(degrees: 90))
        #expect(DirectionTable.unitVector(degrees: -90) == DirectionTable.unitVector(degrees: 270))
        for degrees in 0..<360 {
            let length = DirectionTable.unitVectors[degrees].length
            #expect(abs(length - 65536) <= 1, "degree \(degrees) has length \(length)")
        }
        // sin 30 = 1/2 and cos 60 = 1/2 exactly after rounding to Q16.
        #expect(DirectionTable.unitVector(degrees: 30).y == 32768)
        #expect(DirectionTable.unitVector(degrees: 60).x == 32768)
    }

    @Test("polygon containment is the even-odd rule, exact on integers")
    func polygonContainment() {
        let notch = CourseArea(
            .polygon([
                CoursePoint(0, 0), CoursePoint(100, 0), CoursePoint(100, 100),
                CoursePoint(50, 50), CoursePoint(0, 100),
            ]))
        #expect(notch.contains(CourseVector(centimetres: 10, 10)))
        #expect(notch.contains(CourseVector(centimetres: 90, 80)))
        #expect(!notch.contains(CourseVector(centimetres: 50, 80)))
        #expect(!notch.contains(CourseVector(centimetres: 150, 10)))
        let disc = CourseArea(.circle(x: 0, y: 0, radius: 10))
        #expect(disc.contains(CourseVector(centimetres: 6, 8)))
        #expect(!disc.contains(CourseVector(centimetres: 8, 8)))
        let box = CourseArea(.rect(x: 10, y: 10, width: 5, height: 5))
        #expect(box.contains(CourseVector(centimetres: 10, 10)))
        #expect(!box.contains(CourseVector(centimetres: 15, 12)))
    }
}
