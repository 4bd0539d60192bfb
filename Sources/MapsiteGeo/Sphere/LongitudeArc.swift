import Foundation

/// A span of longitude read eastward from `west` to `east`, in degrees: `west` in -180...180 and
/// `east` at least `west`, past 180 when the span crosses the antimeridian (177 to 182 for 177°E
/// to 178°W), as Leaflet's `fitBounds` takes it. -180 to 180 is the whole circle.
public struct LongitudeArc: Sendable, Hashable {
    public var west: Double
    public var east: Double

    public init(west: Double, east: Double) {
        self.west = west
        self.east = east
    }

    /// The arc of a rectangle as RFC 7946 writes it (`minLongitude` greater than `maxLongitude`
    /// across the antimeridian, `Geometry.geographicBounds`), or as this type does (east past 180).
    public init(_ bounds: GeoBounds) {
        let across = bounds.minLongitude > bounds.maxLongitude
        self.init(west: bounds.minLongitude, east: bounds.maxLongitude + (across ? 360 : 0))
    }

    public static let wholeCircle = LongitudeArc(west: -180, east: 180)

    /// Degrees from `west` to `east`.
    public var width: Double { east - west }

    /// The narrowest arc holding every arc of `arcs` (points are arcs of no width): the whole circle
    /// but for the widest stretch of longitude none of them reaches, or the whole circle, -180 to
    /// 180, when they leave none wider than a degree (or there are none). It crosses ±180 only when that is narrower than not: arcs
    /// that fit within 180° of one another without crossing give their plain least west and
    /// greatest east.
    ///
    /// More than `bucketCount` arcs have their points gathered first, a bucket of 360/16,384° (about
    /// 2.4 km) at a time, each bucket's as one arc from its least to its greatest (`gathered`): a
    /// stretch inside a bucket is then taken as reached, which changes the answer only when no
    /// stretch is wider than a bucket, that is when the arcs leave the circle all but whole.
    /// - Complexity: O(n) when the arcs fit within 180° without crossing ±180 or are points; else
    ///   O(m log m) for the m arcs wider than a point (and buckets).
    public static func narrowest(_ arcs: [LongitudeArc]) -> LongitudeArc {
        guard !arcs.isEmpty else { return wholeCircle }
        var plain = (west: Double.infinity, east: -Double.infinity)
        var crossing = false
        for arc in arcs {
            if arc.width >= 360 { return wholeCircle }
            if arc.east > 180 { crossing = true }
            plain = (min(plain.west, arc.west), max(plain.east, arc.east))
        }
        // Within half a turn, the stretch across ±180 is the widest one left: the plain span.
        if !crossing && plain.east - plain.west <= 180 { return LongitudeArc(west: plain.west, east: plain.east) }
        let arc = swept(arcs.count > bucketCount ? gathered(arcs) : arcs)
        // Places all round the world leave narrow stretches anywhere: their map shows the whole
        // world either way, centred on Greenwich as maps of the world are.
        return arc.width >= nearlyWhole ? wholeCircle : arc
    }

    /// The width from which an arc is given as the whole circle.
    static let nearlyWhole = 359.0

    static let bucketCount = 16_384

    /// The arcs of some width as they are, and the points, a bucket of 360/`bucketCount` degrees at
    /// a time, each bucket's as one arc from its least to its greatest longitude.
    static func gathered(_ arcs: [LongitudeArc]) -> [LongitudeArc] {
        var least = [Double](repeating: .infinity, count: bucketCount)
        var greatest = [Double](repeating: -.infinity, count: bucketCount)
        var result: [LongitudeArc] = []
        for arc in arcs {
            guard arc.width == 0 else {
                result.append(arc)
                continue
            }
            let west = arc.west >= 180 ? arc.west - 360 : arc.west
            let bucket = min(bucketCount - 1, max(0, Int((west + 180) / 360 * Double(bucketCount))))
            least[bucket] = min(least[bucket], west)
            greatest[bucket] = max(greatest[bucket], west)
        }
        for bucket in 0..<bucketCount where least[bucket] <= greatest[bucket] {
            result.append(LongitudeArc(west: least[bucket], east: greatest[bucket]))
        }
        return result
    }

    /// The narrowest arc holding `arcs`, none of which is the whole circle, swept in order of west.
    static func swept(_ arcs: [LongitudeArc]) -> LongitudeArc {
        // Each arc from a west in -180..<180 (a point at 180 is one at -180), sorted by west; the
        // circle unrolled from the first west, s₀, to s₀ + 360.
        let starts = arcs.map { arc -> (west: Double, width: Double) in
            (arc.west >= 180 ? arc.west - 360 : arc.west, arc.width)
        }.sorted { $0.west < $1.west }
        let first = starts[0].west
        // Reached from s₀ on without a break: by the first arc, and by any arc that runs past
        // s₀ + 360 round the circle into the start again.
        var reach = starts.reduce(first + starts[0].width) { max($0, $1.west + $1.width - 360) }
        var widest = (gap: 0.0, start: first, end: first)
        for arc in starts.dropFirst() {
            if arc.west - reach > widest.gap { widest = (arc.west - reach, reach, arc.west) }
            reach = max(reach, arc.west + arc.width)
        }
        if first + 360 - reach > widest.gap { widest = (first + 360 - reach, reach - 360, first) }
        guard widest.gap > 0 else { return wholeCircle }
        // The arc runs from the gap's end (a west, in -180..<180) eastward round to its start.
        return LongitudeArc(west: widest.end, east: widest.start + 360)
    }
}
