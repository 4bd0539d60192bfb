import Foundation
import MapsiteTestSupport
import Testing

/// Data files of the content folder and links to them (#31 point 7): a data file `site.yml` does
/// not name gets a warning, once, instead of silence; a Markdown link to a dataset's source leads
/// to that dataset's download, and one to a data file that is in no dataset gets a warning.
@Suite("mapsite build: data files site.yml does not name, links to data files")
struct DataFileCommandTests {
    @Test("one warning per data file no setting names; a link to a source leads to a download that exists")
    func dataFiles() throws {
        try withTemporaryDirectory { directory in
            let cities = "name,latitude,longitude\nAustin,30.27,-97.74\nBoston,42.36,-71.06\n"
            let regions = """
                {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "All"},
                "geometry": {"type": "Polygon", "coordinates": [[[-120, 20], [-60, 20], [-60, 50], [-120, 50],
                [-120, 20]]]}}]}
                """
            let stops = """
                {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"title": "Stop"},
                "geometry": {"type": "Point", "coordinates": [-97.7, 30.3]}}]}
                """
            try writeFiles(
                [
                    "content/site.yml": """
                    title: Cities
                    datasets:
                      - name: cities
                        source: data/us-cities.csv
                        item_title: "{name}"
                        regions: {source: data/regions.geojson, name: name, field: region}
                      - name: stops
                        source: ./data/stops.geojson

                    """,
                    "content/data/us-cities.csv": cities,
                    "content/data/regions.geojson": regions,
                    "content/data/stops.geojson": stops,
                    // Not named: one warning each.
                    "content/data/more-cities.csv": cities,
                    "content/data/old/stops-2019.GeoJSON": stops,
                    "content/parks.gpkg": "not read",
                    // Not data, published as they are, or hidden: no warning.
                    "content/data/notes.txt": "notes",
                    "content/images/shapes.geojson": stops,
                    "content/static/cities.csv": cities,
                    "content/.cache/x.csv": cities,
                    "content/pages/lists.md": """
                    # Lists

                    The [cities](../data/us-cities.csv#top), the [stops](../data/stops.geojson),
                    [more](../data/more-cities.csv) and [more again](../data/more-cities.csv); the
                    [file as it is](../static/cities.csv).

                    """,
                    "content/README.md": "See [the list](data/us-cities.csv).\n",
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let warnings = result.stderr.split(separator: "\n").map(String.init)
            let unnamed = warnings.filter { $0.contains("a data file that site.yml does not name") }
            #expect(
                unnamed.map { $0.components(separatedBy: ": a data file").first ?? "" }
                    == [
                        "warning: \(directory)/content/data/more-cities.csv",
                        "warning: \(directory)/content/data/old/stops-2019.GeoJSON",
                        "warning: \(directory)/content/parks.gpkg",
                    ], "\(result.stderr)")
            #expect(
                unnamed.first?.hasSuffix(
                    "so it is not in the site; to build it, add it to datasets: (- source: data/more-cities.csv), "
                        + "or move it out of the content folder") == true, "\(result.stderr)")
            let links = warnings.filter { $0.contains("leads to a data file") }
            #expect(
                links == [
                    "warning: pages/lists.md: link \"../data/more-cities.csv\" leads to a data file that no dataset "
                        + "of site.yml reads, so it is not in the site: add it to datasets: to link to its download, "
                        + "or put it in static/ (and link to it there) to publish it as it is",
                    "warning: pages/lists.md: link \"../data/more-cities.csv\" leads to a data file that no dataset "
                        + "of site.yml reads, so it is not in the site: add it to datasets: to link to its download, "
                        + "or put it in static/ (and link to it there) to publish it as it is",
                ], "\(result.stderr)")

            // Each rewritten link, followed from its page's folder, reaches a file the build wrote.
            func targets(of page: String) throws -> [String] {
                let html = try #require(readText(directory + "/site/" + page + "index.html"))
                return html.matches(of: /<a href="([^"#]*(?:downloads|data)\/[^"#]*)(#[^"]*)?"/).map { String($0.1) }
            }
            let lists = try targets(of: "lists/")
            #expect(
                lists == [
                    "../downloads/cities.csv", "../downloads/stops.geojson", "../data/more-cities.csv",
                    "../data/more-cities.csv",
                ])
            #expect(
                try #require(readText(directory + "/site/lists/index.html")).contains(
                    #"<a href="../cities.csv">file as it is</a>"#))
            #expect(FileManager.default.fileExists(atPath: directory + "/site/cities.csv"))
            // The home page lists the downloads of its own; the README's link is among them.
            let home = try #require(readText(directory + "/site/index.html"))
            #expect(home.contains(#"<a href="downloads/cities.csv">the list</a>"#))
            for (page, target) in lists.map({ ("lists/", $0) }) + [("", "downloads/cities.csv")]
            where target.contains("downloads/") {
                let file = URL(fileURLWithPath: directory + "/site/" + page + target).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: file), "\(file)")
            }
            #expect(readText(directory + "/site/downloads/cities.csv")?.contains("Austin") == true)
        }
    }
}
