import Foundation

/// The planes of a great-circle edge a–b, computed once per edge so that distance queries need
/// only dot products: the edge's normal `a × b` (not normalized) with its inverse length, and the
/// normals of the planes through the normal and each end (`n × a`, `b × n`), on whose positive
/// side lie the points whose foot on the great circle falls between a and b.
struct EdgeFrame: Sendable {
    var normal: SphereVector
    var inverseLength: Double
    var afterA: SphereVector
    var beforeB: SphereVector

    static let none = EdgeFrame(
        normal: SphereVector(x: 0, y: 0, z: 0), inverseLength: 0, afterA: SphereVector(x: 0, y: 0, z: 0),
        beforeB: SphereVector(x: 0, y: 0, z: 0))

    init(normal: SphereVector, inverseLength: Double, afterA: SphereVector, beforeB: SphereVector) {
        self.normal = normal
        self.inverseLength = inverseLength
        self.afterA = afterA
        self.beforeB = beforeB
    }

    init(_ a: SphereVector, _ b: SphereVector) {
        let normal = a.cross(b)
        let squared = normal.squaredLength
        // An edge too short to have a plane of its own is measured by its ends alone.
        self.init(
            normal: normal, inverseLength: squared > 1e-30 ? 1 / squared.squareRoot() : 0, afterA: normal.cross(a),
            beforeB: b.cross(normal))
    }
}
