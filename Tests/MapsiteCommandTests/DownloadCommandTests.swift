import Foundation
import MapsiteTestSupport
import Testing

/// The downloads as a user meets them (#31 point 3): every property of the source, also when
/// `fields:` names none, numbers as JSON numbers as written, nulls as null; checked with GDAL's
/// own reading of the source (`ogr2ogr`) and of the download (`ogrinfo`).
@Suite("mapsite build: downloads keep every source property and its type")
struct DownloadCommandTests {
    /// Runs `tool` (from `gdal-bin`, which `make test-deps` installs) in `directory`; its output.
    private func run(_ tool: String, _ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) \(arguments) failed (`make test-deps` installs gdal-bin)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Each feature's properties, by the value of `key`.
    private func properties(_ json: String, by key: String) throws -> [String: NSDictionary] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let features = try #require(root["features"] as? [[String: Any]])
        var result: [String: NSDictionary] = [:]
        for feature in features {
            let properties = try #require(feature["properties"] as? [String: Any])
            result["\(properties[key] ?? "")"] = properties as NSDictionary
        }
        return result
    }

    /// `ogrinfo -so`'s field types of a layer: `["Shape_Area": "Real", …]`.
    private func fieldTypes(_ info: String) -> [String: String] {
        var types: [String: String] = [:]
        for line in info.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, !line.hasPrefix(" "), !line.contains("="),
                let type = parts[1].split(separator: " ").first.map(String.init),
                ["Integer", "Integer64", "Real", "String"].contains(where: { type.hasPrefix($0) })
            else { continue }
            types[String(parts[0])] = type.replacingOccurrences(of: "Integer64", with: "Integer")
        }
        return types
    }

    @Test("a Shapefile with no fields: list: every attribute in both downloads, typed as GDAL reads the source")
    func shapefile() throws {
        try withTemporaryDirectory { directory in
            let features = [
                (
                    #"{"BoroName": "Staten Island", "BoroCode": 5, "Shape_Area": 1623620725.06, "Shape_Leng": 325917.353702}"#,
                    0.0
                ),
                (
                    #"{"BoroName": "Queens", "BoroCode": 4, "Shape_Area": 3041418543.81, "Shape_Leng": 888199.731385}"#,
                    1
                ),
                (#"{"BoroName": "Manhattan", "BoroCode": 1, "Shape_Area": 636471539.774, "Shape_Leng": null}"#, 2),
            ].map { properties, x in
                #"{"type": "Feature", "properties": \#(properties), "geometry": {"type": "Polygon", "coordinates": "#
                    + "[[[\(-74 + x), 40.5], [\(-73.9 + x), 40.5], [\(-73.9 + x), 40.6], [\(-74 + x), 40.5]]]}}"
            }
            try writeFiles(
                [
                    "content/site.yml":
                        "datasets:\n  - source: data/boroughs.shp\n    name: boroughs\n    item_title: BoroName\n",
                    "boroughs.geojson": #"{"type": "FeatureCollection", "features": ["#
                        + features.joined(separator: ",") + "]}",
                ], in: directory)
            try FileManager.default.createDirectory(
                atPath: directory + "/content/data", withIntermediateDirectories: true)
            _ = try run(
                "ogr2ogr", ["-f", "ESRI Shapefile", "content/data/boroughs.shp", "boroughs.geojson"], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            // GDAL's own reading of the Shapefile, as GeoJSON: the properties the download must keep.
            let source = try properties(
                run("ogr2ogr", ["-f", "GeoJSON", "/vsistdout/", "content/data/boroughs.shp"], in: directory),
                by: "BoroName")
            let download = try #require(readText(directory + "/site/downloads/boroughs.geojson"))
            let written = try properties(download, by: "BoroName")
            #expect(source.count == 3)
            for (name, expected) in source {
                let got = try #require(written[name], "no feature \(name)")
                for case (let key as String, let value) in expected {
                    if let number = value as? Double, !(value is String), let other = got[key] as? Double {
                        // The same double: GDAL writes 17 digits (636471539.77400005), the download
                        // the shortest that reads back (636471539.774), and Foundation may round either.
                        #expect(abs(number - other) <= 1e-15 * abs(number), "\(name).\(key)")
                    } else {
                        #expect(got[key] as? NSObject == value as? NSObject, "\(name).\(key)")
                    }
                }
                #expect(got.count == expected.count + 2, "\(got)")  // and mapsite's id and title
            }
            // Numbers as written in the source, a null as null.
            #expect(download.contains(#""Shape_Area":636471539.774"#), "\(download)")
            #expect(download.contains(#""Shape_Leng":null"#))
            // GDAL reads the download's fields with the source's types.
            let sourceTypes = fieldTypes(
                try run("ogrinfo", ["-so", "content/data/boroughs.shp", "boroughs"], in: directory))
            let downloadTypes = fieldTypes(
                try run("ogrinfo", ["-so", "site/downloads/boroughs.geojson", "boroughs"], in: directory))
            #expect(sourceTypes.count == 4, "\(sourceTypes)")
            for (field, type) in sourceTypes { #expect(downloadTypes[field] == type, "\(field): \(downloadTypes)") }
            // The CSV: every attribute a column.
            let csv = try #require(readText(directory + "/site/downloads/boroughs.csv"))
            let header = csv.split(separator: "\r\n").first.map { $0.split(separator: ",").map(String.init) } ?? []
            for field in sourceTypes.keys { #expect(header.contains(field), "\(header)") }
            #expect(csv.contains("Manhattan,1,636471539.774,"), "\(csv)")
        }
    }

    @Test("a CSV: every column kept; numbers as numbers as written, 02134 as text, an empty number null")
    func csvSource() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(
                [
                    "content/site.yml":
                        "datasets:\n  - source: data/towns.csv\n    name: towns\n    id: id\n    item_title: name\n    fields: [name]\n",
                    "content/data/towns.csv": """
                    id,name,zip,population,area,note,latitude,longitude
                    1,Boston,02134,675647,12.50,"a, b",42.36,-71.06
                    2,Salem,01970,,18.1,,42.52,-70.9
                    3,Lowell,01850,115554,1e1,x,42.64,-71.32

                    """,
                ], in: directory)
            let result = try MapsiteBinary.run([
                "build", "--content", directory + "/content", "--output", directory + "/site",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let download = try #require(readText(directory + "/site/downloads/towns.geojson"))
            #expect(download.contains(#""zip":"02134","population":675647,"area":12.50,"note":"a, b""#), "\(download)")
            #expect(download.contains(#""population":null,"area":18.1,"note":"""#))
            #expect(download.contains(#""area":1e1"#))
            let types = fieldTypes(try run("ogrinfo", ["-so", "site/downloads/towns.geojson", "towns"], in: directory))
            #expect(types["zip"] == "String" && types["population"] == "Integer" && types["area"] == "Real", "\(types)")
            #expect(types["note"] == "String")
            let csv = try #require(readText(directory + "/site/downloads/towns.csv"))
            #expect(csv.hasPrefix("title,id,name,zip,population,area,note,latitude,longitude\r\n"), "\(csv)")
            #expect(csv.contains("\r\nBoston,1,Boston,02134,675647,12.50,\"a, b\",42.36,-71.06\r\n"))
        }
    }
}
