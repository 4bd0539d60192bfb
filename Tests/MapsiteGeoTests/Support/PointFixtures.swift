import Foundation
import MapsiteGeo

/// Seeded point sets for the geometry tests.
enum PointFixtures {
    /// Points spread uniformly over the sphere.
    static func global(_ count: Int, seed: UInt64) -> [GeoPoint] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let z = Double.random(in: -1...1, using: &random)
            return GeoPoint(
                latitude: asin(z) * 180 / .pi, longitude: Double.random(in: -180..<180, using: &random))
        }
    }

    /// Points uniform in a latitude/longitude box.
    static func box(
        _ count: Int, latitude: ClosedRange<Double>, longitude: ClosedRange<Double>, seed: UInt64
    ) -> [GeoPoint] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            GeoPoint(
                latitude: Double.random(in: latitude, using: &random),
                longitude: Double.random(in: longitude, using: &random))
        }
    }

    /// A city-like mix: dense Gaussian blobs over a sparse background, rounded to 1e-5° (about a
    /// metre) so some coordinates repeat.
    static func clustered(_ count: Int, seed: UInt64) -> [GeoPoint] {
        var random = SplitMix64(seed: seed)
        let centres = (0..<12).map { _ in
            (
                Double.random(in: 50...58, using: &random), Double.random(in: -6...1.5, using: &random),
                Double.random(in: 0.002...0.2, using: &random)
            )
        }
        return (0..<count).map { _ in
            var latitude = Double.random(in: 49.9...58.6, using: &random)
            var longitude = Double.random(in: -8...1.8, using: &random)
            if Double.random(in: 0..<1, using: &random) < 0.7 {
                let centre = centres[Int.random(in: 0..<centres.count, using: &random)]
                let radius = (-2 * log(Double.random(in: 1e-12..<1, using: &random))).squareRoot() * centre.2
                let angle = Double.random(in: 0..<(2 * .pi), using: &random)
                latitude = centre.0 + radius * cos(angle)
                longitude = centre.1 + 1.6 * radius * sin(angle)
            }
            return GeoPoint(
                latitude: (latitude * 1e5).rounded() / 1e5, longitude: (longitude * 1e5).rounded() / 1e5)
        }
    }
}
