import Foundation

extension GeoPoint {
    /// The point as a vector on the unit sphere: x towards (0°, 0°), y towards (0°, 90°E), z towards the north pole.
    ///
    /// The straight-line (chord) distance between two such vectors, `2 sin(θ / 2)` for a central angle θ,
    /// grows with the great-circle distance, so nearest-neighbour order in 3D is the order on the sphere,
    /// with no special cases at the antimeridian or the poles.
    @inline(__always)
    var unitVector: (x: Double, y: Double, z: Double) {
        let latitude = self.latitude * .pi / 180
        let longitude = self.longitude * .pi / 180
        let cosLatitude = cos(latitude)
        return (cosLatitude * cos(longitude), cosLatitude * sin(longitude), sin(latitude))
    }
}
