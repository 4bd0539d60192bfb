import Foundation

/// Distances, lengths and areas on the WGS 84 ellipsoid, for the measures place pages show.
///
/// Distances are Vincenty's inverse solution (to well under a millimetre for the short edges of
/// map data; for nearly antipodal points, where it does not converge, the great-circle distance
/// on the mean radius is used instead). Areas are taken on the authalic sphere, whose area
/// equals the ellipsoid's, with each edge a great circle there: for polygons of city or country
/// size this agrees with the ellipsoidal geodesic area to far better than 0.1%.
public enum Geodesic {
    /// WGS 84's semi-major axis in metres and flattening.
    public static let semiMajorAxis = 6_378_137.0
    public static let flattening = 1 / 298.257_223_563
    static let semiMinorAxis = semiMajorAxis * (1 - flattening)
    /// The first eccentricity squared, and the eccentricity.
    static let eccentricitySquared = flattening * (2 - flattening)
    static let eccentricity = eccentricitySquared.squareRoot()

    /// The length of the geodesic between `a` and `b`, in metres.
    /// - Complexity: O(1); a few iterations, at most 200.
    public static func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
        if a == b { return 0 }
        return distance(Reduced(a), Reduced(b))
    }

    /// A vertex with the sine and cosine of its reduced latitude, which every edge it ends needs.
    struct Reduced {
        var point: GeoPoint
        var sinU: Double
        var cosU: Double

        init(_ point: GeoPoint) {
            self.point = point
            let u = atan((1 - flattening) * tan(point.latitude * .pi / 180))
            (sinU, cosU) = (sin(u), cos(u))
        }
    }

    /// `distance(_:_:)` between two distinct vertices whose reduced latitudes are worked out.
    private static func distance(_ a: Reduced, _ b: Reduced) -> Double {
        let f = flattening
        // The short way round, so that an edge across the antimeridian is measured as one.
        let lambdaL = longitudeStep(from: a.point.longitude, to: b.point.longitude) * .pi / 180
        let (sinU1, cosU1, sinU2, cosU2) = (a.sinU, a.cosU, b.sinU, b.cosU)
        var lambda = lambdaL
        for _ in 0..<200 {
            let (sinLambda, cosLambda) = (sin(lambda), cos(lambda))
            let crossTerm = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            let sinSigma = ((cosU2 * sinLambda) * (cosU2 * sinLambda) + crossTerm * crossTerm).squareRoot()
            if sinSigma == 0 { return 0 }
            let cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            let sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            let cosSquaredAlpha = 1 - sinAlpha * sinAlpha
            // On the equator cos²α is 0 and the term drops out.
            let cos2SigmaM = cosSquaredAlpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cosSquaredAlpha : 0
            let c = f / 16 * cosSquaredAlpha * (4 + f * (4 - 3 * cosSquaredAlpha))
            let previous = lambda
            lambda =
                lambdaL + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            if abs(lambda - previous) < 1e-12 {
                let a2 = semiMajorAxis * semiMajorAxis
                let b2 = semiMinorAxis * semiMinorAxis
                let uSquared = cosSquaredAlpha * (a2 - b2) / b2
                let bigA = 1 + uSquared / 16384 * (4096 + uSquared * (-768 + uSquared * (320 - 175 * uSquared)))
                let bigB = uSquared / 1024 * (256 + uSquared * (-128 + uSquared * (74 - 47 * uSquared)))
                let deltaSigma =
                    bigB * sinSigma
                    * (cos2SigmaM + bigB / 4
                        * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - bigB / 6 * cos2SigmaM
                            * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)))
                return semiMinorAxis * bigA * (sigma - deltaSigma)
            }
        }
        return GreatCircle.distance(a.point, b.point)
    }

    /// The length of a line through `points` in order, in metres.
    /// - Complexity: O(n) for n points.
    public static func length(_ points: [GeoPoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    /// The area a ring encloses, in square metres, whatever its orientation.
    /// - Complexity: O(n) for n vertices.
    ///
    /// A ring that goes around a pole (`enclosedPole`) encloses the cap on that pole's side: the
    /// edge-by-edge sum measures the band between the ring and the equator, and the cap is the
    /// hemisphere less (or plus) that band.
    public static func area(ofRing ring: [GeoPoint]) -> Double {
        let excess = signedExcess(ring)
        let pole = enclosedPole(ring)
        guard pole != 0 else { return abs(excess) * authalicRadius * authalicRadius }
        let turn = winding(ring) > 0 ? 2 * Double.pi : -2 * Double.pi
        let cap = pole > 0 ? turn - excess : turn + excess
        return abs(cap) * authalicRadius * authalicRadius
    }

    /// The area of a polygon: its outer ring's less its holes', in square metres.
    /// - Complexity: O(n) for n vertices.
    public static func area(_ polygon: Polygon) -> Double {
        let outer = area(ofRing: polygon.outer)
        return max(0, polygon.holes.reduce(outer) { $0 - area(ofRing: $1) })
    }

    /// The length of every ring of a polygon, holes included, in metres.
    ///
    /// A ring around a pole, cut along the antimeridian and drawn down to the pole
    /// (`enclosedPole`), leaves out its edges along the ±180° meridian: they are where the ring
    /// was cut open, not part of the boundary on the globe.
    /// - Complexity: O(n) for n vertices.
    public static func perimeter(_ polygon: Polygon) -> Double {
        polygon.rings.reduce(0) { total, ring in
            guard let last = ring.last else { return total }
            let cut = enclosedPole(ring) != 0
            // Each vertex's reduced latitude once, for the two edges it ends.
            let reduced = ring.map(Reduced.init)
            var length = 0.0
            // A ring written without its closing position still has the closing edge.
            let edges = ring.first != last ? ring.count : ring.count - 1
            for edge in 0..<edges {
                let next = edge + 1 < ring.count ? edge + 1 : 0
                let (a, b) = (ring[edge], ring[next])
                if cut && abs(a.longitude) == 180 && abs(b.longitude) == 180 { continue }
                length += a == b ? 0 : distance(reduced[edge], reduced[next])
            }
            return total + length
        }
    }

    /// The radius of the sphere with the ellipsoid's area, in metres.
    static let authalicRadius = semiMajorAxis * (q(1) / 2).squareRoot()

    /// The authalic latitude of `latitude` (both in radians): where the sphere of equal area puts it.
    static func authalicLatitude(_ latitude: Double) -> Double {
        asin(max(-1, min(1, q(sin(latitude)) / q(1))))
    }

    /// The function `q` of the authalic latitude, of `sine`, the sine of the geodetic latitude.
    private static func q(_ sine: Double) -> Double {
        let e = eccentricity
        let es = e * sine
        return (1 - eccentricitySquared) * (sine / (1 - es * es) - 1 / (2 * e) * log((1 - es) / (1 + es)))
    }

    /// The spherical excess of a ring (in steradians, signed by orientation) on the authalic
    /// sphere, summed edge by edge from each edge's triangle with the pole.
    private static func signedExcess(_ ring: [GeoPoint]) -> Double {
        guard var previous = ring.last else { return 0 }
        var total = 0.0
        // Each vertex's term once, for the two edges it ends.
        var t1 = tan(authalicLatitude(previous.latitude * .pi / 180) / 2)
        for vertex in ring {
            var deltaLongitude = (vertex.longitude - previous.longitude) * .pi / 180
            if deltaLongitude > .pi { deltaLongitude -= 2 * .pi }
            if deltaLongitude < -.pi { deltaLongitude += 2 * .pi }
            let t2 = tan(authalicLatitude(vertex.latitude * .pi / 180) / 2)
            total += 2 * atan2(tan(deltaLongitude / 2) * (t1 + t2), 1 + t1 * t2)
            previous = vertex
            t1 = t2
        }
        return total
    }
}
