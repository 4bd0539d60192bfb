import Foundation

/// A point of the unit sphere (or any 3D vector) as the distance code needs it: x towards
/// (0°, 0°), y towards (0°, 90°E), z towards the north pole, as `GeoPoint.unitVector`.
struct SphereVector: Sendable, Hashable {
    var x: Double
    var y: Double
    var z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The point on the unit sphere.
    init(_ point: GeoPoint) {
        let (x, y, z) = point.unitVector
        self.init(x: x, y: y, z: z)
    }

    @inline(__always)
    static func - (a: SphereVector, b: SphereVector) -> SphereVector {
        SphereVector(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z)
    }

    @inline(__always)
    static func + (a: SphereVector, b: SphereVector) -> SphereVector {
        SphereVector(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z)
    }

    @inline(__always)
    func dot(_ other: SphereVector) -> Double { x * other.x + y * other.y + z * other.z }

    @inline(__always)
    func cross(_ other: SphereVector) -> SphereVector {
        SphereVector(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    /// The squared length.
    @inline(__always)
    var squaredLength: Double { x * x + y * y + z * z }

    /// The squared straight-line distance to `other`: for two points of the sphere, the squared
    /// chord, which grows with the angle between them (`2 sin(θ / 2)`).
    @inline(__always)
    func squaredChord(to other: SphereVector) -> Double { (self - other).squaredLength }
}

/// Converts between squared chords of the unit sphere and great-circle distances.
enum Chord {
    /// The squared chord of a central angle whose sine is `sine` (an angle of at most 90°),
    /// computed without cancellation for small angles.
    @inline(__always)
    static func squared(sine: Double) -> Double {
        let s2 = min(1, sine * sine)
        return 2 * s2 / (1 + (1 - s2).squareRoot())
    }

    /// The great-circle distance in metres on the mean Earth radius that a squared chord stands for.
    @inline(__always)
    static func metres(squared: Double) -> Double {
        2 * asin(min(1, squared.squareRoot() / 2)) * GreatCircle.earthRadius
    }
}
