import Foundation

/// A direction in the simulated body, in the base half's frame (see
/// ``HingeGeometry``): x toward the base half's free edge, y up along the
/// fold with the device in portrait, z out of the inner display's face.
struct Vector3: Hashable, Sendable {
    var x: Double
    var y: Double
    var z: Double

    static let unitX = Vector3(x: 1, y: 0, z: 0)
    static let unitY = Vector3(x: 0, y: 1, z: 0)
    static let unitZ = Vector3(x: 0, y: 0, z: 1)

    static prefix func - (v: Vector3) -> Vector3 { Vector3(x: -v.x, y: -v.y, z: -v.z) }

    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }

    static func * (s: Double, v: Vector3) -> Vector3 { Vector3(x: s * v.x, y: s * v.y, z: s * v.z) }

    func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    func cross(_ other: Vector3) -> Vector3 {
        Vector3(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    /// This vector turned by `degrees` about the y axis (the hinge), the
    /// way the cover half turns as it closes: -x goes toward +z.
    func rotatedAboutHinge(degrees: Double) -> Vector3 {
        let radians = degrees * .pi / 180
        let (c, s) = (cos(radians), sin(radians))
        return Vector3(x: x * c + z * s, y: y, z: -x * s + z * c)
    }
}
