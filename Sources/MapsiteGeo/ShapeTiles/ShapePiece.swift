import Foundation

/// A place's line or polygon shape, or the part of it inside one tile, in world coordinates
/// (`WorldPoint`), as the shape tiles hold it.
///
/// Lines: each part is one line, `[[points]]`. Polygons: each part is one polygon's rings, outer
/// first, holes after; rings are not closed (no repeat of the first vertex), outer rings have a
/// positive shoelace sum in (x, y) and holes a negative one.
public struct ShapePiece: Sendable, Hashable {
    public enum Kind: Int, Sendable {
        case lines = 1
        case polygons = 3
    }

    /// The place: an index into the tiled items.
    public var item: Int32
    public var kind: Kind
    public var parts: [[[WorldPoint]]] {
        didSet { (partCount, ringCount, vertexCount) = Self.counts(parts) }
    }
    /// The box around every vertex of this piece.
    public var bounds: WorldBox
    /// The larger side of the box around the place's whole shape (not only this piece), so every
    /// piece of a place is drawn, or left out, at the same zooms.
    public var extent: Double
    /// The grid units per tile side the piece is written with, when not the tile's own: a
    /// simplified polygon that the tile's grid would make invalid keeps a finer grid.
    public var units: Int?

    public init(item: Int32, kind: Kind, parts: [[[WorldPoint]]], extent: Double, units: Int? = nil) {
        self.item = item
        self.kind = kind
        self.parts = parts
        self.bounds = Self.bounds(of: parts)
        self.extent = extent
        self.units = units
        (partCount, ringCount, vertexCount) = Self.counts(parts)
    }

    /// The number of parts, of lines or rings, and of vertices, counted when the parts are set:
    /// the tiles' size bounds read them for every piece at every zoom, where counting would
    /// read each ring's array again.
    public private(set) var partCount = 0
    public private(set) var ringCount = 0
    public private(set) var vertexCount = 0

    /// The box around every vertex of `parts`, or an empty box at (0, 0) when there are none.
    /// Ring by ring: iterating the vertices through `joined()` twice is several times slower.
    private static func bounds(of parts: [[[WorldPoint]]]) -> WorldBox {
        var result: WorldBox?
        for part in parts {
            for ring in part {
                guard let box = WorldBox(points: ring) else { continue }
                result = result?.union(box) ?? box
            }
        }
        return result ?? WorldBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
    }

    private static func counts(_ parts: [[[WorldPoint]]]) -> (Int, Int, Int) {
        (parts.count, parts.reduce(0) { $0 + $1.count }, parts.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } })
    }

    /// The pieces that stand for `geometry` in world coordinates: none for points and
    /// MultiPoints (drawn as markers), else one, plus a copy one turn to the west (or east) when
    /// the shape crosses the antimeridian.
    ///
    /// An edge whose ends are more than 180° of longitude apart is read as crossing the
    /// antimeridian (the short way round): each line and ring is unwrapped so that its longitudes
    /// run on continuously, then moved by whole turns so that it starts east of 180°W, and holes
    /// into the turn of their outer ring. The part beyond 180°E (or 180°W) then lies in the copy,
    /// which the tiles on the other side clip. A line's latitudes beyond ±85.05112878° are clamped
    /// to the map's edge, as Web Mercator draws them; a polygon that reaches beyond them or goes
    /// around a pole is cut to them in its flat form (`Polygon.mercatorWorldPolygons`), so that
    /// Antarctica, cut along the antimeridian and drawn down to the pole, is filled to the map's
    /// edge, and so is a polar cap.
    public static func pieces(of geometry: Geometry, item: Int32) -> [ShapePiece] {
        let kind: Kind
        var parts: [[[WorldPoint]]]
        switch geometry {
        case .point, .multiPoint: return []
        case .lineString, .multiLineString:
            kind = .lines
            parts = geometry.lines.map { [unwrapped($0, near: nil)] }
        case .polygon, .multiPolygon:
            kind = .polygons
            parts = geometry.polygons.flatMap { $0.needsMercatorCut ? $0.mercatorWorldPolygons : [worldRings($0)] }
            // Nothing to draw when every polygon lies beyond the map's latitudes.
            guard !parts.isEmpty else { return [] }
        }
        var piece = ShapePiece(item: item, kind: kind, parts: parts, extent: 0)
        let box = piece.bounds
        piece.extent = max(box.width, box.height)
        var result = [piece]
        for shift in [-1.0, 1.0] where shift < 0 ? box.maxX > 1 : box.minX < 0 {
            var copy = piece
            copy.parts = parts.map { $0.map { $0.map { WorldPoint($0.x + shift, $0.y) } } }
            copy.bounds = box.shifted(by: shift)
            result.append(copy)
        }
        return result
    }

    /// A line or ring in world coordinates, each longitude within half a turn of the one before,
    /// moved by whole turns so that it starts in 0..<1, or so that its mean x is nearest `near`.
    static func unwrapped(_ points: [GeoPoint], near: Double?) -> [WorldPoint] {
        guard let first = points.first else { return [] }
        var result: [WorldPoint] = []
        result.reserveCapacity(points.count)
        var previous = WebMercator.x(longitude: first.longitude)
        var turns = 0.0
        for point in points {
            let x = WebMercator.x(longitude: point.longitude)
            if x - previous > 0.5 {
                turns -= 1
            } else if previous - x > 0.5 {
                turns += 1
            }
            previous = x
            result.append(WorldPoint(x + turns, WebMercator.y(latitude: point.latitude)))
        }
        var shift = -floor(result[0].x)
        if let near {
            let mean = result.reduce(0) { $0 + $1.x } / Double(result.count)
            shift = (near - mean).rounded()
        }
        if shift != 0 {
            for index in result.indices { result[index].x += shift }
        }
        return result
    }

    /// A polygon's rings in world coordinates, outer first: unwrapped, holes into the turn of
    /// their outer ring, and oriented as `oriented` says, each ring changed in place as it is
    /// made rather than copied again.
    static func worldRings(_ polygon: Polygon) -> [[WorldPoint]] {
        var outer = unwrapped(polygon.outer, near: nil)
        let centre = outer.isEmpty ? nil : outer.reduce(0) { $0 + $1.x } / Double(outer.count)
        orient(&outer, outer: true)
        var rings = [outer]
        rings.reserveCapacity(1 + polygon.holes.count)
        for hole in polygon.holes {
            var ring = unwrapped(hole, near: centre)
            orient(&ring, outer: false)
            rings.append(ring)
        }
        return rings
    }

    /// A polygon's rings without their closing repeat, the outer one with a positive shoelace sum
    /// and the holes with a negative one.
    static func oriented(_ rings: [[WorldPoint]]) -> [[WorldPoint]] {
        rings.enumerated().map { index, ring in
            var ring = ring
            orient(&ring, outer: index == 0)
            return ring
        }
    }

    /// Drops the closing repeat of `ring`, and reverses it unless its shoelace sum is positive
    /// for an outer ring, or not for a hole.
    static func orient(_ ring: inout [WorldPoint], outer: Bool) {
        if ring.count > 1 && ring.first == ring.last { ring.removeLast() }
        if (shoelace(ring) > 0) != outer { ring.reverse() }
    }

    /// Twice the signed area of a ring (not closed), in (x, y) as written.
    static func shoelace(_ ring: [WorldPoint]) -> Double {
        guard ring.count > 2 else { return 0 }
        var sum = 0.0
        var previous = ring[ring.count - 1]
        for point in ring {
            sum += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return sum
    }
}
