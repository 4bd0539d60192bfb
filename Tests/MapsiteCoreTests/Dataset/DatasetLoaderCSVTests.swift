import Foundation
import Testing

@testable import MapsiteCore

/// A CSV dataset of collection boxes, as `site.yml` gives it (also used by the two-halves tests).
let boxes = """
    source: boxes.csv
    id: id
    item_title: "{address}"
    latitude: lat
    longitude: lon
    fields: [zip]
    """

private let header = "id,address,zip,lat,lon\n"

@Suite("DatasetLoader: CSV")
struct DatasetLoaderCSVTests {
    @Test("a valid row becomes an item") func validRow() throws {
        let dataset = try TestDataset.load(header + "7,1 Main St,60601,41.8819,-87.6278", boxes)
        let item = try #require(dataset.items.first)
        #expect(item.id == "7")
        #expect(item.title == "1 Main St")
        #expect(item.slug == "1-main-st")
        #expect(item.point.latitude == 41.8819)
        #expect(item.point.longitude == -87.6278)
        #expect(item.values == ["60601"])
        #expect(item.origin == "line 2")
    }

    @Test("coordinates with spaces around them") func spacedNumbers() throws {
        let dataset = try TestDataset.load(header + "7,A,1, 41.5 ,-87 ", boxes)
        #expect(dataset.items.first?.point.latitude == 41.5)
    }

    @Test("header names are trimmed") func trimmedHeader() throws {
        let dataset = try TestDataset.load("id, address ,zip,lat , lon\n7,A,1,41,-87", boxes)
        #expect(dataset.items.first?.title == "A")
    }

    @Test("a missing field value is empty text") func missingValue() throws {
        let dataset = try TestDataset.load("id,address,zip,lat,lon\n7,A,,41,-87", boxes)
        #expect(dataset.items.first?.values == [""])
    }

    @Test("latitude that is not a number") func latitudeNotANumber() {
        #expect(
            TestDataset.error(header + "1,A,1,41,-87\n2,B,2,N/A,-87", boxes)
                == #"content/boxes.csv:3: column "lat": expected a number in -90…90, found "N/A""#)
    }

    @Test("latitude out of range") func latitudeOutOfRange() {
        #expect(
            TestDataset.error(header + "1,A,1,90.5,-87", boxes)
                == #"content/boxes.csv:2: column "lat": expected a number in -90…90, found "90.5""#)
    }

    @Test("longitude out of range") func longitudeOutOfRange() {
        #expect(
            TestDataset.error(header + "1,A,1,41,-181", boxes)
                == #"content/boxes.csv:2: column "lon": expected a number in -180…180, found "-181""#)
    }

    @Test("empty latitude") func emptyLatitude() {
        #expect(
            TestDataset.error(header + "1,A,1,,-87", boxes)
                == #"content/boxes.csv:2: column "lat": expected a number in -90…90, found """#)
    }

    @Test("NaN and infinity are not coordinates") func notFinite() {
        #expect(
            TestDataset.error(header + "1,A,1,nan,-87", boxes)
                == #"content/boxes.csv:2: column "lat": expected a number in -90…90, found "nan""#)
        #expect(
            TestDataset.error(header + "1,A,1,41,inf", boxes)
                == #"content/boxes.csv:2: column "lon": expected a number in -180…180, found "inf""#)
    }

    @Test("the line of a row after a multi-line field") func lineAfterMultiline() {
        #expect(
            TestDataset.error(header + "1,\"A\nB\",1,41,-87\n2,C,2,x,-87", boxes)
                == #"content/boxes.csv:4: column "lat": expected a number in -90…90, found "x""#)
    }

    @Test("wrong number of fields") func wrongFieldCount() {
        #expect(
            TestDataset.error(header + "1,A,1,41", boxes)
                == #"content/boxes.csv:2: expected 5 fields as in the header, found "4 fields""#)
    }

    @Test("one field too few, in the singular") func oneField() {
        #expect(
            TestDataset.error("id,lat\n1", "source: boxes.csv\nid: id\nlatitude: lat\nlongitude: lat")
                == #"content/boxes.csv:2: expected 2 fields as in the header, found "1 field""#)
    }

    @Test("a missing coordinate column: said once, at its line of site.yml, with the columns")
    func missingColumn() {
        #expect(
            TestDataset.error("id,address,zip,latitude,lon\n1,A,1,41,-87\n2,B,2,42,-87", boxes)
                == #"site.yml:6: key "datasets[0].latitude": expected a column of content/boxes.csv"#
                + #" (its columns: id, address, zip, latitude, lon), found "lat""#)
    }

    @Test("empty id") func emptyID() {
        #expect(
            TestDataset.error(header + " ,A,1,41,-87", boxes)
                == #"content/boxes.csv:2: column "id": expected a unique id, found """#)
    }

    @Test("duplicate ids name both rows") func duplicateIDs() {
        #expect(
            TestDataset.error(header + "7,A,1,41,-87\n8,B,1,41,-87\n7,C,1,41,-87", boxes)
                == #"content/boxes.csv: line 4: field "id": expected a unique id (already used at line 2), found "7""#)
    }

    @Test("unterminated quote fails the whole file") func unterminatedQuote() {
        #expect(
            TestDataset.error(header + "1,A,1,41,-87\n2,\"B,1,41,-87\n", boxes)
                == #"content/boxes.csv:3: expected a closing quote for the field opened here"#)
    }

    @Test("text after a closing quote fails the whole file") func textAfterQuote() {
        #expect(
            TestDataset.error(header + "1,\"A\"x,1,41,-87", boxes)
                == #"content/boxes.csv:2: expected a delimiter or line end after a closing quote"#)
    }

    @Test("empty file") func emptyFile() {
        #expect(
            TestDataset.error("", boxes)
                == #"content/boxes.csv:1: expected a header row naming the columns, found "an empty file""#)
    }

    @Test("header only: no items, no error") func headerOnly() throws {
        #expect(try TestDataset.load(header, boxes).items.isEmpty)
    }

    @Test("missing file") func missingFile() throws {
        let config = try TestDataset.config(boxes)
        let error = #expect(throws: InputErrors.self) {
            try DatasetLoader.load(config, contentDirectory: "/nonexistent", displayDirectory: "content")
        }
        #expect(
            error?.errors.map(\.description) == [
                #"content/boxes.csv: expected a readable data file, found "no such file""#
            ])
    }

    @Test("every bad row is reported at once") func allErrors() throws {
        let data = header + "1,A,1,x,-87\n2,B,2,41,-87\n3,C,3,41,y\n4,D\n"
        let error = #expect(throws: InputErrors.self) { try TestDataset.load(data, boxes) }
        #expect(
            error?.errorDescription == """
                3 input errors:
                content/boxes.csv:2: column "lat": expected a number in -90…90, found "x"
                content/boxes.csv:4: column "lon": expected a number in -180…180, found "y"
                content/boxes.csv:5: expected 5 fields as in the header, found "2 fields"
                """)
    }

    @Test("a long list of errors is kept whole, its message cut at the limit") func errorLimit() throws {
        let rows = (1...60).map { "\($0),A,1,bad,-87" }.joined(separator: "\n")
        let error = #expect(throws: InputErrors.self) { try TestDataset.load(header + rows, boxes) }
        #expect(error?.total == 60)
        #expect(error?.errors.map(\.line) == Array(2...61))
        let lines = error?.errorDescription?.split(separator: "\n") ?? []
        #expect(lines.count == 1 + InputErrors.printLimit + 1)
        #expect(lines.first == "60 input errors:")
        #expect(lines.last == "… and 10 more")
    }

    @Test("skip_invalid keeps every valid row and reports the others") func skipInvalid() throws {
        let data = header + "1,A,1,x,-87\n2,B,2,41,-87\n3,C,3\n4,D,4,42,-88\n2,E,5,43,-89\n"
        let dataset = try TestDataset.load(data, boxes + "\nskip_invalid: true")
        #expect(dataset.items.map(\.id) == ["2", "4"])
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/boxes.csv:2: column "lat": expected a number in -90…90, found "x""#,
                #"content/boxes.csv:4: expected 5 fields as in the header, found "3 fields""#,
                #"content/boxes.csv: line 6: field "id": expected a unique id (already used at line 3), found "2""#,
            ])
    }

    @Test("skip_invalid keeps every skipped row, past the error limit") func skipInvalidKeepsAll() throws {
        let rows = (1...60).map { "\($0),A,1,bad,-87" }.joined(separator: "\n")
        let dataset = try TestDataset.load(header + rows + "\n99,Z,1,41,-87", boxes + "\nskip_invalid: true")
        #expect(dataset.items.count == 1)
        #expect(dataset.skipped.count == 60)
    }

    @Test(
        "hexadecimal, inf and nan are no coordinates",
        arguments: ["0x10", "inf", "-infinity", "nan", "0x1p3", "1e", "."])
    func notPlainDecimal(text: String) {
        #expect(
            TestDataset.error(header + "1,A,1,\(text),-87", boxes)
                == #"content/boxes.csv:2: column "lat": expected a number in -90…90, found "\#(text)""#)
    }

    @Test("plain decimals in every spelling are coordinates", arguments: ["16", "+16", "16.", ".5", "1.6e1", "16E-0"])
    func plainDecimal(text: String) throws {
        let dataset = try TestDataset.load(header + "1,A,1,\(text),-87", boxes)
        #expect(dataset.items.first?.point.latitude == Double(text))
    }

    @Test("a column named twice fails at line 1, naming it") func duplicateHeader() {
        #expect(
            TestDataset.error("id,address,zip,lat,lon,lat\n1,A,1,41,-87,42", boxes)
                == #"content/boxes.csv:1: column 6 "lat": expected a different name for each column, found "the name of column 4""#
        )
    }

    @Test("bytes that are not UTF-8 name the line and the column") func invalidUTF8() throws {
        let bytes = Array((header + "1,A,1,41,-87\n2,Caf").utf8) + [0xE9] + Array(",1,41,-87\n3,C,1,41,-87\n".utf8)
        let messages = try errors(bytes)
        #expect(
            messages == [
                #"content/boxes.csv:3: column "address": expected UTF-8 text, found "byte 0xE9 that is not UTF-8, after Caf""#
            ])
    }

    @Test("a NUL byte names the line and the column") func nulByte() throws {
        let messages = try errors(Array((header + "1,A,1,41,-87\n2,B,6\u{0}1,41,-87\n").utf8))
        #expect(
            messages == [
                #"content/boxes.csv:3: column "zip": expected text without NUL bytes, found "a NUL byte, after 6""#
            ])
    }

    @Test("bad bytes in the header fail the file") func invalidHeader() throws {
        #expect(
            try errors(Array("id,lat,lon,\u{0}x\n1,41,-87,a\n".utf8)) == [
                #"content/boxes.csv:1: field 4: expected text without NUL bytes, found "a NUL byte""#
            ])
    }

    @Test("a one-column file keeps a row of just \"\"") func quotedEmptyRow() throws {
        let yaml = "source: names.csv\ncoordinates: here\nitem_title: \"{here}\""
        let dataset = try TestDataset.load("here\n\"41,-87\"\n\"\"\n", yaml + "\nskip_invalid: true")
        #expect(dataset.items.count == 1)
        #expect(
            dataset.skipped.map(\.description) == [
                #"content/names.csv:3: column "here": expected "latitude,longitude", found """#
            ])
    }

    /// The messages of loading the CSV `bytes` as the boxes dataset.
    private func errors(_ bytes: [UInt8]) throws -> [String] {
        let config = try TestDataset.config(boxes)
        return try withTemporaryDirectory { directory in
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/boxes.csv"))
            let error = #expect(throws: InputErrors.self) {
                try DatasetLoader.load(config, contentDirectory: directory, displayDirectory: "content")
            }
            return error?.errors.map(\.description) ?? []
        }
    }

    @Test("semicolon delimiter") func semicolon() throws {
        let dataset = try TestDataset.load(
            "id;address;zip;lat;lon\n1;Rue A, 2;75001;48.8;2.3", boxes + "\ndelimiter: \";\"")
        #expect(dataset.items.first?.title == "Rue A, 2")
    }

    @Test("tab delimiter from a .tsv file name") func tsv() throws {
        let config = boxes.replacingOccurrences(of: "boxes.csv", with: "boxes.tsv")
        let dataset = try TestDataset.load("id\taddress\tzip\tlat\tlon\n1\tA, B\t1\t41\t-87", config)
        #expect(dataset.items.first?.title == "A, B")
    }

    @Test("coordinates in one \"lat,lon\" column") func coordinatesColumn() throws {
        let config = "source: boxes.csv\nid: id\ncoordinates: where"
        let dataset = try TestDataset.load("id,title,where\n1,A,\"41.88, -87.63\"", config)
        #expect(dataset.items.first?.point.latitude == 41.88)
        #expect(dataset.items.first?.point.longitude == -87.63)
    }

    @Test("a coordinates column without a comma") func coordinatesColumnMalformed() {
        #expect(
            TestDataset.error("id,title,where\n1,A,41.88", "source: boxes.csv\nid: id\ncoordinates: where")
                == #"content/boxes.csv:2: column "where": expected "latitude,longitude", found "41.88""#)
    }

    @Test("a coordinates column out of range") func coordinatesColumnOutOfRange() {
        #expect(
            TestDataset.error("id,title,where\n1,A,\"91,0\"", "source: boxes.csv\nid: id\ncoordinates: where")
                == #"content/boxes.csv:2: column "where": expected a number in -90…90, found "91,0""#)
    }

    @Test("a missing coordinates column") func coordinatesColumnMissing() {
        #expect(
            TestDataset.error("id,title\n1,A", "source: boxes.csv\nid: id\ncoordinates: where")
                == #"site.yml:5: key "datasets[0].coordinates": expected a column of content/boxes.csv"#
                + #" (its columns: id, title), found "where""#)
    }

    @Test("default coordinate columns are latitude and longitude") func defaultColumns() throws {
        let dataset = try TestDataset.load("title,latitude,longitude\nA,1,2", "source: boxes.csv")
        #expect(dataset.items.first?.point.latitude == 1)
    }

    @Test("a title made of several columns") func titleTemplate() throws {
        let config = "source: boxes.csv\nitem_title: \"{number} {street}\""
        let dataset = try TestDataset.load("number,street,latitude,longitude\n12,Main St,1,2\n,Side St,1,3", config)
        #expect(Set(dataset.items.map(\.title)) == ["12 Main St", "Side St"])
    }

    @Test("an empty title falls back to the id, then Untitled") func emptyTitle() throws {
        #expect(try TestDataset.load(header + "7,,1,41,-87", boxes).items.first?.title == "7")
        let untitled = try TestDataset.load("title,latitude,longitude\n,1,2", "source: boxes.csv")
        #expect(untitled.items.first?.title == "Untitled")
    }

    @Test("image, thumbnail and description are kept when not blank") func extras() throws {
        let config = boxes + "\nimage: img\nthumbnail: thumb\nitem_description: text"
        let dataset = try TestDataset.load(
            "id,address,zip,lat,lon,img,thumb,text\n1,A,1,41,-87,a.jpg, ,\" About A \"", config)
        let item = try #require(dataset.items.first)
        #expect(item.image == "a.jpg")
        #expect(item.thumbnail == nil)
        #expect(item.description == "About A")
    }

    @Test("items are ordered by id") func orderedByID() throws {
        let dataset = try TestDataset.load(header + "b,B,1,41,-87\na,A,1,41,-87\nc,C,1,41,-87", boxes)
        #expect(dataset.items.map(\.id) == ["a", "b", "c"])
    }
}
