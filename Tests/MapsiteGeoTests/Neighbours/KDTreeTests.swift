import Testing

@testable import MapsiteGeo

@Suite("KDTree")
struct KDTreeTests {
    @Test("every split separates its node at the stored split value")
    func splitsPartitionNodes() {
        let points = PointFixtures.clustered(3000, seed: 21)
        let tree = KDTree(points: points)
        var violations = 0
        func check(_ lo: Int, _ hi: Int) {
            guard hi - lo > KDTree.bucketSize else { return }
            let mid = (lo + hi) >> 1
            let dimension = Int(tree.splitDimensions[mid])
            let split = tree.splitValues[mid]
            violations += (lo..<mid).filter { tree.coordinates[3 * $0 + dimension] > split }.count
            violations += (mid..<hi).filter { tree.coordinates[3 * $0 + dimension] < split }.count
            check(lo, mid)
            check(mid, hi)
        }
        check(0, tree.siteCount)
        #expect(violations == 0)
    }

    @Test("sites group bit-identical coordinates, members ascending")
    func sitesGroupDuplicates() {
        let distinct = PointFixtures.global(50, seed: 22)
        var random = SplitMix64(seed: 23)
        let points = (0..<400).map { _ in distinct[Int.random(in: 0..<50, using: &random)] }
        let tree = KDTree(points: points)
        #expect(tree.siteCount == Set(points).count)
        #expect(tree.pointCount == points.count)
        let members = (0..<tree.siteCount).map {
            Array(tree.members[Int(tree.memberStart[$0])..<Int(tree.memberStart[$0 + 1])])
        }
        #expect(members.allSatisfy { $0 == $0.sorted() && Set($0.map { points[Int($0)] }).count == 1 })
        #expect(members.flatMap { $0 }.sorted() == Array(0..<Int32(points.count)))
    }
}
