import Foundation
import MapsiteTestSupport
import Testing

@testable import MapsiteCore

/// One change of a site's input: a name for the report and the edit of the content folder, made
/// after a first build of the site with `setting` added to its settings.
struct InputChange: Sendable, CustomTestStringConvertible {
    let name: String
    var setting = ""
    let edit: @Sendable (String) throws -> Void

    var testDescription: String { name }

    /// Replaces `old` (which must be there) with `new` in the content file `file`.
    static func replacing(
        _ name: String, _ old: String, with new: String, in file: String, setting: String = ""
    ) -> InputChange {
        InputChange(name: name, setting: setting) { content in
            try replace(old, with: new, in: content + "/" + file)
        }
    }

    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard text.contains(old) else { throw FixtureEditError(file: path, missing: old) }
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }
}

struct FixtureEditError: Error, CustomStringConvertible {
    let file: String
    let missing: String
    var description: String { "\(file) does not contain \(missing)" }
}

/// A rebuild over the last build's output writes the same bytes as a build into an empty
/// folder, whatever one input changed: every value an item page shows reaches its fingerprint,
/// so no page is kept that a clean build would write otherwise.
@Suite("Incremental builds equal clean builds")
struct IncrementalEqualsCleanTests {
    static let changes: [InputChange] = [
        .replacing("a field's value", "corner,cafe", with: "corner,bakery", in: "data/shops.csv"),
        .replacing("an hours value", "Mo-Fr 08:00-18:00", with: "Mo-Sa 08:00-19:00", in: "data/shops.csv"),
        .replacing("a description", "Fresh bread", with: "Fresh bread daily", in: "data/shops.csv"),
        .replacing("an image", "images/s1.jpg", with: "images/s1b.jpg", in: "data/shops.csv"),
        .replacing("a place's coordinates", "48.8566,2.3522", with: "48.8566,2.3523", in: "data/shops.csv"),
        // Shown in the page data of every shop that lists it, under the same title and slug.
        .replacing("a neighbour's id", "s4,Book Nook", with: "s4x,Book Nook", in: "data/shops.csv"),
        .replacing("a neighbour's title", "Book Nook", with: "Book Corner", in: "data/shops.csv"),
        .replacing("a neighbour's slug", ",nook,", with: ",book-nook,", in: "data/shops.csv"),
        .replacing("a neighbour's distance", "48.8530,2.3530", with: "48.8531,2.3533", in: "data/shops.csv"),
        // The lamp shop moves to the café's spot: both pages list the other as at the same place.
        .replacing("its location group", "48.8600,2.3400", with: "48.8566,2.3522", in: "data/shops.csv"),
        .replacing(
            "a place added", "s6,Lamp", with: "s7,Key Shop,keys,shop,,,,48.8571,2.3531\ns6,Lamp", in: "data/shops.csv"),
        .replacing("a cross-dataset neighbour", "p1,Fountain", with: "p1,Old fountain", in: "data/spots.csv"),
        .replacing("a tour's title", "title: Bread round", with: "title: Morning round", in: "site.yml", setting: tour),
        .replacing("a tour's stops", "stops: [s1, s2, s3]", with: "stops: [s1, s3]", in: "site.yml", setting: tour),
        .replacing("a region's name", #""name": "North""#, with: #""name": "Uptown""#, in: "data/areas.geojson"),
        .replacing("a list field", "list_fields: [hours]", with: "list_fields: [kind]", in: "site.yml"),
        .replacing("the dataset's title", "title: Shops", with: "title: Bakeries and shops", in: "site.yml"),
        .replacing(
            "a template", "<h1>{{item.title}}</h1>", with: #"<h1 class="changed">{{item.title}}</h1>"#,
            in: "templates/item.mustache"),
    ]

    @Test("each input changed alone: the rebuild writes what a clean build writes, byte for byte", arguments: changes)
    func incrementalEqualsClean(change: InputChange) throws {
        try withTemporaryDirectory { directory in
            let content = directory + "/content"
            try writeFiles(Self.site, in: content)
            try InputChange.replace("\ndatasets:", with: change.setting + "\ndatasets:", in: content + "/site.yml")
            try FileManager.default.createDirectory(atPath: content + "/templates", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Fixtures.theme + "/item.mustache", toPath: content + "/templates/item.mustache")
            // The theme as it is now: the project's may be edited while the test runs.
            let theme = directory + "/theme"
            try FileManager.default.copyItem(atPath: Fixtures.theme, toPath: theme)
            @discardableResult func build(into output: String) throws -> BuildReport {
                try SiteBuilder(
                    options: BuildOptions(
                        contentDirectory: content, outputDirectory: output, themeDirectory: theme, log: { _ in })
                ).build()
            }
            let incremental = directory + "/incremental"
            try build(into: incremental)
            try change.edit(content)
            let rebuild = try build(into: incremental)
            #expect(rebuild.output.written > 0, "the change shows somewhere")
            let clean = directory + "/clean"
            try build(into: clean)
            let paths = filesBelow(clean)
            #expect(filesBelow(incremental) == paths)
            // Every file but the build's record, whose report counts what each build wrote; the
            // manifest too, so each kept page's fingerprint equals the one a clean build gives it.
            let differ = paths.filter { path in
                path != OutputWriter.recordName
                    && FileManager.default.contents(atPath: incremental + "/" + path)
                        != FileManager.default.contents(atPath: clean + "/" + path)
            }
            #expect(differ.isEmpty, "differ from a clean build: \(differ)")
            if let page = differ.first(where: { $0.hasSuffix(".html") }) ?? differ.first,
                let fresh = readText(clean + "/" + page), let rebuilt = readText(incremental + "/" + page)
            {
                Issue.record("\(page), clean (-) and incremental (+):\n\(LineDiff.text(from: fresh, to: rebuilt))")
            }
        }
    }

    /// A tour of three shops, for the changes of a tour (a site without tours for the others).
    static let tour = """

        tours:
          - title: Bread round
            dataset: shops
            stops: [s1, s2, s3]
        """

    /// Two datasets: shops (fields, an hours field, a region field, groups, an image and a
    /// description, slugs of their own, two places at one spot once moved) and spots,
    /// the shops' cross-dataset neighbours.
    static let site: [String: String] = [
        "site.yml": """
        title: Drift
        base_url: https://example.org/
        datasets:
          - name: shops
            title: Shops
            source: data/shops.csv
            id: id
            item_title: name
            slug: code
            latitude: lat
            longitude: lon
            image: image
            item_description: note
            timezone: Europe/Paris
            fields:
              - name: kind
                label: Kind
              - name: hours
                label: Hours
                format: hours
              - name: area
                label: Area
            list_fields: [hours]
            group_by: [kind, area]
            regions: {source: data/areas.geojson, name: name, field: area}
            nearest:
              - dataset: spots
                count: 2
                title: Nearest spots
          - name: spots
            title: Spots
            source: data/spots.csv
            id: id
            item_title: name
            latitude: lat
            longitude: lon

        """,
        "data/shops.csv": """
        id,name,code,kind,note,image,hours,lat,lon
        s1,Corner Café,corner,cafe,Fresh bread,images/s1.jpg,Mo-Fr 08:00-18:00,48.8566,2.3522
        s2,Fish Shop,fish,shop,,,,48.8570,2.3530
        s3,Green Grocer,grocer,shop,,,Tu-Su 07:00-13:00,48.8580,2.3510
        s4,Book Nook,nook,books,Second-hand,,,48.8555,2.3500
        s5,Hat Shop,hats,shop,,,Sa 10:00-12:00,48.8530,2.3530
        s6,Lamp Shop,lamps,shop,,,,48.8600,2.3400

        """,
        "data/spots.csv": """
        id,name,lat,lon
        p1,Fountain,48.8560,2.3525
        p2,Bench,48.8575,2.3515
        p3,Statue,48.8590,2.3450

        """,
        "data/areas.geojson": """
        {"type": "FeatureCollection", "features": [
         {"type": "Feature", "properties": {"name": "North"}, "geometry": {"type": "Polygon",
          "coordinates": [[[2.33, 48.856], [2.36, 48.856], [2.36, 48.87], [2.33, 48.87], [2.33, 48.856]]]}},
         {"type": "Feature", "properties": {"name": "South"}, "geometry": {"type": "Polygon",
          "coordinates": [[[2.33, 48.84], [2.36, 48.84], [2.36, 48.856], [2.33, 48.856], [2.33, 48.84]]]}}]}

        """,
    ]
}
