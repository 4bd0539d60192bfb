// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "mapsite",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "mapsite", targets: ["mapsite"]),
        .library(name: "MapsiteCore", targets: ["MapsiteCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // GDAL reads the vector formats GIS tools write (Shapefile, GeoPackage, KML, GPX, …) and
        // reprojects their coordinates through PROJ.
        .systemLibrary(
            name: "CGDAL",
            pkgConfig: "gdal",
            providers: [.apt(["libgdal-dev"])]
        ),
        // PNG icons and precompressed `.gz` siblings of text files.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Opening files below the output folder without following symbolic links (openat2).
        .target(name: "CFileBeneath"),
        // Pure geometry: distances, the neighbour index, tiles and clusters. No I/O, no
        // dependencies, so it can be tested and benchmarked on its own.
        .target(name: "MapsiteGeo"),
        .target(
            name: "MapsiteCore",
            dependencies: [
                "CCmark",
                "CSQLite",
                "CZlib",
                "CGDAL",
                "CFileBeneath",
                "MapsiteGeo",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "mapsite",
            dependencies: [
                "MapsiteCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
            ]
        ),
        // Runs bytes through each input format's entry point, for the fuzzer and for the tests
        // that replay its corpus (see Tests/Fuzz/README.md).
        .target(name: "MapsiteFuzz", dependencies: ["MapsiteCore"]),
        // What the test targets share: the repository's fixture paths, temporary folders and the
        // runner of the Python oracles.
        .target(name: "MapsiteTestSupport", path: "Tests/MapsiteTestSupport"),
        .testTarget(name: "MapsiteGeoTests", dependencies: ["MapsiteGeo", "MapsiteTestSupport"]),
        .testTarget(name: "MapsiteCoreTests", dependencies: ["MapsiteCore", "MapsiteFuzz", "MapsiteTestSupport"]),
        // The `mapsite` command (build, serve, new), run as a child process: the binary that
        // `swift build --build-tests` builds beside the tests.
        .testTarget(name: "MapsiteCommandTests", dependencies: ["mapsite", "MapsiteCore", "MapsiteTestSupport"]),
    ]
)

// The libFuzzer executable: only with MAPSITE_FUZZ=1 (as `make fuzz` sets it), since it links only
// with `-sanitize=fuzzer`, which provides libFuzzer's driver.
if Context.environment["MAPSITE_FUZZ"] == "1" {
    package.products.append(.executable(name: "mapsite-fuzz", targets: ["mapsite-fuzz"]))
    package.targets += [
        .target(name: "CFuzzerDriver", path: "Sources/CFuzzerDriver"),
        .executableTarget(name: "mapsite-fuzz", dependencies: ["CFuzzerDriver", "MapsiteFuzz"]),
    ]
}
