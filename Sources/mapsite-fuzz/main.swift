import CFuzzerDriver
import Foundation
import MapsiteFuzz

// `mapsite-fuzz`: libFuzzer on one of mapsite's input formats, named by `MAPSITE_FUZZ_HARNESS`
// (`csv`, `json`, `geojson`, `front-matter`, `site-config`, `template`); the arguments are
// libFuzzer's (corpus folders, `-max_total_time=60`, …). `make fuzz` runs each harness.

/// The harness this process fuzzes.
nonisolated(unsafe) private var harness = FuzzHarness.csv

/// libFuzzer's entry point: runs one input through the chosen harness.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    harness.run(bytes)
    return 0
}

let name = ProcessInfo.processInfo.environment["MAPSITE_FUZZ_HARNESS"] ?? ""
guard let chosen = FuzzHarness(rawValue: name) else {
    let names = FuzzHarness.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("MAPSITE_FUZZ_HARNESS must be one of: \(names)\n".utf8))
    exit(2)
}
harness = chosen
exit(mapsite_fuzz_run(CommandLine.argc, CommandLine.unsafeArgv))
