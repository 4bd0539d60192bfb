import Foundation

/// The most memory the process has held so far: its peak resident set size, as the kernel
/// keeps it (`getrusage`). It only grows, so a stage's figure is the peak of everything that ran
/// until the stage ended, stages running beside it included.
enum PeakMemory {
    /// Bytes, or nil when the system does not say.
    static func bytes() -> Int? {
        var usage = rusage()
        #if os(Linux)
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss) * 1024  // kibibytes
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        #endif
    }

    /// "342 MiB".
    static func text(_ bytes: Int) -> String {
        "\(NumberText.grouped((bytes + (1 << 19)) >> 20)) MiB"
    }
}
