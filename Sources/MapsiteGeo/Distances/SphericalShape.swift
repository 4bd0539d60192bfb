import Foundation

/// A place's shape prepared for distances on the sphere: its vertices as unit vectors, joined
/// into paths, its polygons' rings, and a box in 3D that holds every point of it.
///
/// Each edge is the straight line in longitude/latitude between its vertices (`StraightEdge`):
/// the paths hold it cut into pieces whose great-circle arcs stay within `StraightEdge.tolerance`
/// of it, and distances are measured to those arcs; containment reads the straight edges
/// exactly (`contains(_:latitude:longitude:)`).
///
/// A point or a MultiPoint is a set of paths of one vertex; a line, a path per line; a polygon,
/// a path per ring (closing vertex included, added when the ring lacks it), listed in `polygons`
/// so that its inside is known.
public struct SphericalShape: Sendable {
    /// Every vertex, path after path.
    var vertices: [SphereVector]
    /// Each vertex's longitude and latitude in degrees, for the containment test.
    var longitudes: [Double]
    var latitudes: [Double]
    /// Where each path starts in `vertices`, and a last entry for the end of the last path.
    var pathStarts: [Int32]
    /// The paths of each polygon: its outer ring first, then its holes.
    var polygons: [Range<Int32>]
    /// For each path that is a ring: the pole it goes around (+1 north, -1 south), else 0.
    var ringPoles: [Int8]
    /// A box in 3D holding every point of the shape, inside of polygons included.
    var box: Box3
    /// For each vertex that starts an edge, the edge's planes (`EdgeFrame`); for the last vertex
    /// of a path, and for single points, an unused frame.
    var frames: [EdgeFrame]
    /// The edges' tree, for shapes of `EdgeTree.minimumVertices` vertices or more.
    var tree: EdgeTree?
    /// How far in radians the straight edges may stray from the arcs that stand for them.
    var slack: Double

    /// The number of paths.
    var pathCount: Int { pathStarts.count - 1 }

    /// The vertices of path `path`.
    @inline(__always)
    func path(_ path: Int) -> Range<Int> { Int(pathStarts[path])..<Int(pathStarts[path + 1]) }

    /// Prepares `geometry`.
    /// - Complexity: O(n) for n vertices once cut, O(n log² n) for a shape that has a tree.
    public init(_ geometry: Geometry) {
        self.init(geometry, tolerance: StraightEdge.tolerance)
    }

    /// Prepares `geometry` with its edges cut within `tolerance` metres (the tests of the search
    /// take a coarse one, whose answers the plain scan can check in time).
    init(_ geometry: Geometry, tolerance: Double) {
        var vertices: [SphereVector] = []
        var longitudes: [Double] = []
        var latitudes: [Double] = []
        var starts: [Int32] = [0]
        var polygons: [Range<Int32>] = []
        var poles: [Int8] = []
        var slack = 0.0
        func add(_ points: [GeoPoint], pole: Int8 = 0) {
            let (cut, deviation) = StraightEdge.cut(points, tolerance: tolerance)
            slack = max(slack, deviation)
            for point in cut {
                vertices.append(SphereVector(point))
                longitudes.append(point.longitude)
                latitudes.append(point.latitude)
            }
            starts.append(Int32(vertices.count))
            poles.append(pole)
        }
        switch geometry {
        case .point(let point): add([point])
        case .multiPoint(let points): points.forEach { add([$0]) }
        case .lineString(let points): add(points)
        case .multiLineString(let lines): lines.forEach { add($0) }
        case .polygon, .multiPolygon:
            for polygon in geometry.polygons {
                let first = Int32(starts.count - 1)
                for ring in polygon.rings {
                    let closed = ring.count > 1 && ring.first != ring.last ? ring + [ring[0]] : ring
                    add(closed, pole: Int8(Geodesic.enclosedPole(ring)))
                }
                polygons.append(first..<Int32(starts.count - 1))
            }
        }
        self.vertices = vertices
        self.longitudes = longitudes
        self.latitudes = latitudes
        self.pathStarts = starts
        self.polygons = polygons
        self.ringPoles = poles
        self.slack = slack
        self.box = Box3(vertices: vertices, starts: starts, hasArea: !polygons.isEmpty, slack: slack)
        var frames = [EdgeFrame](repeating: EdgeFrame.none, count: vertices.count)
        for path in 0..<(starts.count - 1) {
            for index in Int(starts[path])..<max(Int(starts[path]), Int(starts[path + 1]) - 1) {
                frames[index] = EdgeFrame(vertices[index], vertices[index + 1])
            }
        }
        self.frames = frames
        tree = EdgeTree(vertices: vertices, starts: starts, slack: slack)
        tree?.indexRings(polygons: polygons, ringPoles: poles, starts: starts)
    }

    /// A single point.
    public init(point: GeoPoint) {
        vertices = [SphereVector(point)]
        longitudes = [point.longitude]
        latitudes = [point.latitude]
        pathStarts = [0, 1]
        polygons = []
        ringPoles = [0]
        box = Box3(lo: vertices[0], hi: vertices[0])
        frames = [EdgeFrame.none]
        tree = nil
        slack = 0
    }
}
