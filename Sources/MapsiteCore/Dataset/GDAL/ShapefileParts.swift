import CGDAL
import Foundation

/// The parts beside a Shapefile's `.shp` that GDAL reads without a word when they are wrong: a
/// `.dbf` with more or fewer records than the `.shx` has shapes (GDAL reads as many places as the
/// smaller has, and drops the rest), and a `.prj` it cannot read (GDAL takes the layer as having no
/// coordinate system).
///
/// Read through GDAL's own file functions, so a zipped Shapefile is checked as a plain one.
struct ShapefileParts {
    /// The `.prj`, as messages show it, and what it holds (its start, or that it is not text).
    struct Projection {
        var shown: String
        var found: String
    }

    /// The `.prj`, unless there is none or it is empty.
    let projection: Projection?
    /// The error of a `.dbf` whose number of records is not the number of shapes.
    let mismatch: InputError?

    /// nil unless `dataset` is a Shapefile whose layer `layerName` has its `.shp` among its files,
    /// or is `opened`, or lies in `opened` (a folder, or a `.zip` opened as one).
    /// - Parameter renaming: pairs of a path on disk and the text messages show instead.
    init?(dataset: GDALDatasetH, opened: String, layerName: String, renaming: [(String, String)]) {
        guard let driver = GDALGetDatasetDriver(dataset), let name = GDALGetDriverShortName(driver),
            String(cString: name) == "ESRI Shapefile"
        else { return nil }
        var files: [String] = []
        if let list = GDALGetFileList(dataset) {
            var index = 0
            while let item = list[index] {
                files.append(String(cString: item))
                VSIFree(item)
                index += 1
            }
            VSIFree(list)
        }
        // GDAL's list names the parts of a plain Shapefile; of a zipped one, the archive alone.
        files += [opened, opened + "/" + layerName + ".shp"]
        guard
            let shp = files.first(where: {
                let name = ($0 as NSString).lastPathComponent
                return (name as NSString).pathExtension.lowercased() == "shp"
                    && (name as NSString).deletingPathExtension.lowercased() == layerName.lowercased()
                    && Self.size($0) != nil
            })
        else { return nil }
        // Not NSString's deletingPathExtension, which makes `/vsizip//x` `/vsizip/x`.
        let base = String(shp.dropLast(4))
        func part(_ extension: String) -> (path: String, size: Int)? {
            for candidate in [base + "." + `extension`, base + "." + `extension`.uppercased()] {
                if let size = Self.size(candidate) { return (candidate, size) }
            }
            return nil
        }
        func shown(_ path: String) -> String {
            renaming.sorted { $0.0.count > $1.0.count }.first { path.hasPrefix($0.0) }.map {
                $0.1 + path.dropFirst($0.0.count)
            } ?? path
        }
        projection = part("prj").flatMap { prj in
            let bytes = Self.bytes(prj.path, count: min(prj.size, 200))
            let text = String(validating: bytes, as: UTF8.self)?.trimmingCharacters(in: .whitespacesAndNewlines)
            // An empty .prj (some tools write one) declares no system, as no .prj does.
            if text?.isEmpty == true && prj.size <= 200 { return nil }
            let isText =
                text != nil && !bytes.contains { $0 < 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 || $0 == 0x7F }
            return Projection(
                shown: shown(prj.path), found: isText ? text! : "\(prj.size) bytes that are not text")
        }
        mismatch = Self.mismatch(shx: part("shx"), dbf: part("dbf"), shp: shp, shown: shown)
    }

    private static func mismatch(
        shx: (path: String, size: Int)?, dbf: (path: String, size: Int)?, shp: String, shown: (String) -> String
    ) -> InputError? {
        // The .shx: a header of 100 bytes, then 8 bytes a shape. The .dbf: the number of records
        // at bytes 4 to 7, little-endian.
        guard let shx, let dbf, shx.size >= 100 else { return nil }
        let shapes = (shx.size - 100) / 8
        let header = bytes(dbf.path, count: 8)
        guard header.count == 8 else { return nil }
        let records = header[4...7].reversed().reduce(0) { $0 << 8 | Int($1) }
        guard records != shapes else { return nil }
        return InputError(
            file: shown(dbf.path),
            expected:
                "\(shapes) records, one for each shape of \(shown(shp)) (GDAL would read \(min(shapes, records)) "
                + "places, dropping the rest)",
            found: "\(records) records")
    }

    /// The size of the file at `path`; nil when there is none.
    private static func size(_ path: String) -> Int? {
        guard let handle = VSIFOpenL(path, "rb") else { return nil }
        defer { VSIFCloseL(handle) }
        guard VSIFSeekL(handle, 0, SEEK_END) == 0 else { return nil }
        return Int(VSIFTellL(handle))
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter).
    private static func bytes(_ path: String, count: Int) -> [UInt8] {
        guard count > 0, let handle = VSIFOpenL(path, "rb") else { return [] }
        defer { VSIFCloseL(handle) }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { VSIFReadL($0.baseAddress, 1, count, handle) }
        return Array(buffer.prefix(Int(read)))
    }
}
