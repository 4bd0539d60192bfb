import MapsiteGeo
import Testing

@testable import MapsiteCore

private let places = """
    source: places.csv
    item_title: name
    latitude: lat
    longitude: lon
    """

private let placesWithIDs = places + "\nid: id"

@Suite("Identity: ids and slugs")
struct IdentityTests {
    @Test("generated ids stay the same when rows are reordered") func generatedIDsStable() throws {
        let rows = ["Alpha,41,-87", "Beta,42,-88", "Gamma,43,-89", "Alpha,44,-90"]
        let forward = try TestDataset.load("name,lat,lon\n" + rows.joined(separator: "\n"), places)
        let backward = try TestDataset.load("name,lat,lon\n" + rows.reversed().joined(separator: "\n"), places)
        #expect(forward.items.map(\.id) == backward.items.map(\.id))
        #expect(forward.items.map(\.slug) == backward.items.map(\.slug))
        #expect(forward.items.map(\.title) == backward.items.map(\.title))
        #expect(Set(forward.items.map(\.id)).count == 4)
    }

    @Test("generated ids are the same in every run") func generatedIDsFixed() throws {
        let dataset = try TestDataset.load("name,lat,lon\nAlpha,41,-87", places)
        #expect(dataset.items.first?.id == String(StableHash.fnv1a64("Alpha|41.0|-87.0"), radix: 16))
    }

    @Test("identical rows get numbered ids") func identicalRows() throws {
        let dataset = try TestDataset.load("name,lat,lon\nA,1,2\nA,1,2", places)
        let base = String(StableHash.fnv1a64("A|1.0|2.0"), radix: 16)
        #expect(Set(dataset.items.map(\.id)) == [base, base + "-2"])
    }

    @Test("colliding slugs get the id as a suffix") func collision() throws {
        let dataset = try TestDataset.load(
            "id,name,lat,lon\np3,Same Name,1,2\np4,Same Name,1,3\np5,Other,1,4", placesWithIDs)
        #expect(dataset.items.map(\.slug) == ["same-name-p3", "same-name-p4", "other"])
    }

    @Test("colliding slugs stay the same when rows are reordered") func collisionStable() throws {
        let rows = ["p3,Same Name,1,2", "p4,Same Name,1,3", "p1,Same-Name!,1,4"]
        let forward = try TestDataset.load("id,name,lat,lon\n" + rows.joined(separator: "\n"), placesWithIDs)
        let backward = try TestDataset.load(
            "id,name,lat,lon\n" + rows.reversed().joined(separator: "\n"), placesWithIDs)
        #expect(forward.items.map(\.slug) == ["same-name-p1", "same-name-p3", "same-name-p4"])
        #expect(backward.items.map(\.slug) == forward.items.map(\.slug))
    }

    @Test("a slug equal to another item's suffixed slug stays unique") func suffixCollision() throws {
        let dataset = try TestDataset.load(
            "id,name,lat,lon\na,X,1,2\nb,X,1,3\nc,X A,1,4", placesWithIDs)
        #expect(Set(dataset.items.map(\.slug)).count == 3)
        #expect(dataset.items.map(\.slug) == ["x-a", "x-b", "x-a-2"])
    }

    @Test("a slug template") func slugTemplate() throws {
        let dataset = try TestDataset.load(
            "id,name,city,lat,lon\n7,Main St,Chicago,1,2", placesWithIDs + "\nslug: \"{city} {id}\"")
        #expect(dataset.items.first?.slug == "chicago-7")
    }

    // A NUL in a CSV is an error of its own (see DatasetLoaderCSVTests), so no title holds one.
    @Test("hostile titles give safe slugs", arguments: hostileTitles.filter { !$0.contains("\u{0}") })
    func hostile(title: String) throws {
        let quoted = "\"" + title.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let dataset = try TestDataset.load("id,name,lat,lon\nx1,\(quoted),1,2\nx2,\(quoted),1,3", placesWithIDs)
        for item in dataset.items {
            #expect(Slug.isSafe(item.slug), "\(item.slug)")
        }
    }

    @Test("a title with no letters takes its slug from the id") func slugFromID() throws {
        let dataset = try TestDataset.load("id,name,lat,lon\nBox 7,🗺️,1,2\nBox 8,/,1,3", placesWithIDs)
        #expect(dataset.items.map(\.slug) == ["box-7", "box-8"])
    }

    @Test("with neither letters in the title nor in the id, the slug is item") func slugItem() throws {
        let dataset = try TestDataset.load("id,name,lat,lon\n東,🗺️,1,2\n西,/,1,3", placesWithIDs)
        #expect(dataset.items.map(\.slug).sorted() == ["item", "item-2"])
    }

    @Test("reserved slugs get the id as a suffix", arguments: ["page", "by", "map"])
    func reserved(title: String) throws {
        let dataset = try TestDataset.load("id,name,lat,lon\n7,\(title.capitalized),1,2", placesWithIDs)
        #expect(dataset.items.first?.slug == "\(title)-7")
    }

    @Test("long colliding titles still give safe slugs") func longCollision() throws {
        let title = String(repeating: "a", count: 100)
        let dataset = try TestDataset.load(
            "id,name,lat,lon\nfirst,\(title),1,2\nsecond,\(title),1,3", placesWithIDs)
        for item in dataset.items {
            #expect(Slug.isSafe(item.slug), "\(item.slug)")
        }
        #expect(dataset.items.map(\.slug).allSatisfy { $0.hasSuffix("-first") || $0.hasSuffix("-second") })
    }

    @Test("the contents hash changes with any one byte and with the length")
    func contentsHash() {
        func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes(StableHash.contents) }
        var seen = Set<UInt64>()
        // Lengths around the 8- and 32-byte steps; zeros, so only the length differs.
        for length in 0...70 { seen.insert(hash([UInt8](repeating: 0, count: length))) }
        #expect(seen.count == 71)
        // One byte flipped at every position of every lane and of the tail.
        let base = (0..<77).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var flipped = Set([hash(base)])
        for position in base.indices {
            var changed = base
            changed[position] ^= 1
            flipped.insert(hash(changed))
        }
        #expect(flipped.count == base.count + 1)
    }

    @Test("an item is found by its id, as a search through every item finds it")
    func positionOfID() throws {
        let rows = (0..<40).map { "id\($0 * 7 % 40),Place \($0),\($0 % 80),\($0 % 170)" }
        let dataset = try TestDataset.load("id,name,lat,lon\n" + rows.joined(separator: "\n"), placesWithIDs)
        for id in (0..<40).map({ "id\($0)" }) + ["id", "id40", "", "zz", "a"] {
            #expect(dataset.position(ofID: id) == dataset.items.firstIndex { $0.id == id }, "id \(id)")
        }
        #expect(dataset.position(ofID: "id3") != nil)
    }

    @Test("permute puts the items in the given order, as a plain reordering does")
    func permuteMatchesReordering() {
        let items = (0..<12).map { index in
            Item(
                id: "i\(index)", slug: "s\(index)", title: "t\(index)", point: GeoPoint(latitude: 0, longitude: 0),
                values: ["v\(index)"], origin: "line \(index)")
        }
        // Cycles of several lengths, a fixed point, and the identity and reversal.
        let orders = [
            Array(items.indices), Array(items.indices.reversed()), [3, 0, 1, 2, 4, 11, 5, 6, 7, 8, 9, 10],
            [1, 0, 2, 5, 3, 4, 7, 8, 6, 10, 11, 9],
        ]
        for order in orders {
            var permuted = items
            Identity.permute(&permuted, by: order)
            #expect(permuted == order.map { items[$0] })
        }
    }

    @Test("an item with an id used before is left out, and the rest keep id order")
    func duplicateIDDropped() throws {
        let dataset = try TestDataset.load(
            "id,name,lat,lon\nb,B,1,2\na,A,1,3\nb,Again,1,4\nc,C,1,5", placesWithIDs + "\nskip_invalid: true")
        #expect(dataset.items.map(\.id) == ["a", "b", "c"])
        #expect(dataset.items.map(\.title) == ["A", "B", "C"])
        #expect(dataset.skipped.count == 1)
    }
}
