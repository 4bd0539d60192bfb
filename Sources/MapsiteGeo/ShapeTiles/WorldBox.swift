import Foundation

/// A point in Web Mercator world coordinates: x east from the antimeridian, y south from the top
/// edge, both 0...1 on the map (`WebMercator`); unwrapped shapes may reach a little beyond.
public typealias WorldPoint = SIMD2<Double>

/// An axis-aligned rectangle in world coordinates, inclusive on every side.
public struct WorldBox: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The smallest box holding every point, or `nil` when there are none.
    public init?(points: some Sequence<WorldPoint>) {
        var iterator = points.makeIterator()
        guard let first = iterator.next() else { return nil }
        var box = WorldBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        while let point = iterator.next() {
            box.minX = min(box.minX, point.x)
            box.maxX = max(box.maxX, point.x)
            box.minY = min(box.minY, point.y)
            box.maxY = max(box.maxY, point.y)
        }
        self = box
    }

    /// Tile `key`'s square grown by `buffer` pixels of its zoom on every side.
    public init(tile key: TileKey, buffer: Double) {
        let size = 1 / Double(1 << key.z)
        let margin = buffer * size / 256
        self.init(
            minX: Double(key.x) * size - margin, minY: Double(key.y) * size - margin,
            maxX: Double(key.x + 1) * size + margin, maxY: Double(key.y + 1) * size + margin)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    public func contains(_ point: WorldPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public func contains(_ other: WorldBox) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    public func intersects(_ other: WorldBox) -> Bool {
        other.minX <= maxX && other.maxX >= minX && other.minY <= maxY && other.maxY >= minY
    }

    /// The box grown to hold `other`.
    public func union(_ other: WorldBox) -> WorldBox {
        WorldBox(
            minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
            maxY: max(maxY, other.maxY))
    }

    /// The box moved `dx` east.
    public func shifted(by dx: Double) -> WorldBox {
        WorldBox(minX: minX + dx, minY: minY, maxX: maxX + dx, maxY: maxY)
    }
}

/// The dot product of two world vectors.
@inline(__always)
func dot(_ a: WorldPoint, _ b: WorldPoint) -> Double { (a * b).sum() }

/// The squared length of a world vector.
@inline(__always)
func squaredLength(_ a: WorldPoint) -> Double { (a * a).sum() }
