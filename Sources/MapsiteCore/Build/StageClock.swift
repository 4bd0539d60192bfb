import Foundation

/// Times the stages of a build and logs each as it ends: "Loaded 1 datasets (7 items) in 0.01 s",
/// and with `showsMemory` the peak memory so far: "… in 0.01 s (peak 12 MiB)".
final class StageClock: @unchecked Sendable {
    private var start = DispatchTime.now()
    private let log: (String) -> Void
    private let showsMemory: Bool

    init(log: @escaping (String) -> Void, showsMemory: Bool = false) {
        self.log = log
        self.showsMemory = showsMemory
    }

    /// Logs the stage that ends now, timed from the end of the one before.
    func finish(_ message: String) {
        let now = DispatchTime.now()
        report(
            message, seconds: Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9,
            peak: showsMemory ? PeakMemory.bytes() : nil)
        start = now
    }

    /// Logs work timed elsewhere (on a thread of its own), with the peak memory when it ended.
    func report(_ message: String, seconds: Double, peak: Int?) {
        var line = "\(message) in \(NumberText.seconds(seconds))"
        if showsMemory, let peak { line += " (peak \(PeakMemory.text(peak)))" }
        log(line)
    }
}
