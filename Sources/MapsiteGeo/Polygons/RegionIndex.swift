/// Which of a fixed list of regions holds a point: the spatial join of places with
/// neighbourhoods, districts or any other polygons.
///
/// Answers are exactly those of testing every region in order with `MultiPolygon.contains`:
/// points on a boundary count as inside (see `Polygon`), and **when several regions hold a point
/// (along a shared border, or where regions overlap) the region that comes first wins.** Edges are
/// straight lines in longitude/latitude, and regions must not cross the antimeridian.
///
/// Two levels of index keep a query to a handful of edge tests: a uniform grid over the bounding
/// boxes of the polygons (about two cells per polygon), and for each ring its edges filed into
/// horizontal slabs (about two edges per slab), so that a point reads only the edges near its
/// latitude.
///
/// ```swift
/// let index = RegionIndex(regions: neighbourhoods.map(\.shape))
/// index.region(containing: item.point)        // 3, or nil in no region
/// index.regions(of: items.map(\.point))       // [3, -1, 0, …], in parallel
/// ```
public struct RegionIndex: Sendable {
    /// The number of regions.
    public let count: Int
    private let grid: BoundsGrid
    private let polygons: SlabbedPolygons
    /// The region of each polygon. Polygons are numbered in region order, so the lowest-numbered
    /// polygon holding a point belongs to the first region holding it.
    private let regionOfPolygon: [Int32]

    /// Indexes `regions`; their order decides which one a point in several of them gets.
    /// - Complexity: O(e + p) for e edges and p polygons in all, when polygons are not much larger
    ///   than the grid's cells and edges are not much longer than their ring's slabs.
    public init(regions: [MultiPolygon]) {
        precondition(regions.count < Int(Int32.max), "too many regions")
        var polygons: [Polygon] = []
        var bounds: [GeoBounds] = []
        var regionOfPolygon: [Int32] = []
        for (region, shape) in regions.enumerated() {
            for polygon in shape.polygons {
                guard let box = polygon.bounds else { continue }
                polygons.append(polygon)
                bounds.append(box)
                regionOfPolygon.append(Int32(region))
            }
        }
        count = regions.count
        grid = BoundsGrid(bounds)
        self.polygons = SlabbedPolygons(polygons: polygons)
        self.regionOfPolygon = regionOfPolygon
    }

    /// The index of the first region holding `point`, inside or on its boundary; `nil` when none
    /// does, or when the point's coordinates are not finite.
    /// - Complexity: O(c + k), for the c polygons filed in the point's grid cell and the k edges
    ///   in the point's slab of each ring whose bounds hold the point: a few dozen edge tests for
    ///   a city's neighbourhoods, however many regions and vertices there are.
    public func region(containing point: GeoPoint) -> Int? {
        guard let cell = grid.cell(x: point.longitude, y: point.latitude) else { return nil }
        let region = withViews { grid, polygons, regionOfPolygon in
            Self.region(of: point, in: cell, grid: grid, polygons: polygons, regionOfPolygon: regionOfPolygon)
        }
        return region < 0 ? nil : Int(region)
    }

    /// The region of each point, as `region(containing:)` answers it, with -1 for no region;
    /// computed in parallel on every core.
    /// - Complexity: O(n · (c + k)) work for n points, spread over the cores.
    public func regions(of points: [GeoPoint]) -> [Int32] {
        guard !points.isEmpty else { return [] }
        // Grouping the points by grid cell first, for the cache's sake, costs more than it saves.
        return [Int32](unsafeUninitializedCapacity: points.count) { buffer, initialized in
            let output = SharedPointer(base: buffer.baseAddress!)
            withViews { grid, polygons, regionOfPolygon in
                forEachChunkConcurrently(count: points.count, chunkSize: 8_192) { chunk in
                    for index in chunk {
                        let point = points[index]
                        var region: Int32 = -1
                        if let cell = self.grid.cell(x: point.longitude, y: point.latitude) {
                            region = Self.region(
                                of: point, in: cell, grid: grid, polygons: polygons, regionOfPolygon: regionOfPolygon)
                        }
                        (output.base + index).initialize(to: region)
                    }
                }
            }
            initialized = points.count
        }
    }

    /// The first region holding `point`, which lies in grid cell `cell`, or -1.
    @inline(__always)
    private static func region(
        of point: GeoPoint, in cell: Int, grid: BoundsGrid.View, polygons: SlabbedPolygons.View,
        regionOfPolygon: UnsafeBufferPointer<Int32>
    ) -> Int32 {
        for polygon in grid.rectangles(in: cell)
        where polygons.contains(x: point.longitude, y: point.latitude, polygon: Int(polygon)) {
            return regionOfPolygon[Int(polygon)]
        }
        return -1
    }

    private func withViews<Result>(
        _ body: (BoundsGrid.View, SlabbedPolygons.View, UnsafeBufferPointer<Int32>) -> Result
    ) -> Result {
        grid.withView { grid in
            polygons.withView { polygons in
                regionOfPolygon.withUnsafeBufferPointer { body(grid, polygons, $0) }
            }
        }
    }
}
