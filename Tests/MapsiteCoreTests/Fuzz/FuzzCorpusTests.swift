import Foundation
import MapsiteFuzz
import MapsiteTestSupport
import Testing

/// Every input of the fuzzing corpus (which keeps each crash the fuzzer found, beside its own
/// regression test) run through the harnesses `make fuzz` uses: each must return, accepted or
/// with a thrown error, and each harness must accept some inputs and reject others.
@Suite struct FuzzCorpusTests {
    /// The files of `Tests/Fuzz/corpus/<harness>`, sorted; none when the folder does not exist.
    private static func seeds(_ harness: FuzzHarness) -> [URL] {
        let folder = Fixtures.repository.appendingPathComponent("Tests/Fuzz/corpus/\(harness.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzHarness.allCases)
    func seedCorpusRunsAndSomeOfItIsAccepted(_ harness: FuzzHarness) throws {
        let seeds = Self.seeds(harness)
        #expect(seeds.count >= 5, "the seed corpus of \(harness.rawValue) is missing")
        var accepted = 0
        for seed in seeds where harness.run([UInt8](try Data(contentsOf: seed))) { accepted += 1 }
        // A harness that rejects every valid example would fuzz nothing but its first check.
        #expect(accepted > 0, "\(harness.rawValue): no seed is accepted")
        #expect(accepted < seeds.count, "\(harness.rawValue): no seed is rejected")
    }
}
