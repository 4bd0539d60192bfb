import Foundation

/// Ctrl-C (SIGINT) and SIGTERM, as something to wait for, so that `mapsite serve` can stop its
/// server and finish a running build before it exits.
enum InterruptSignal {
    /// Returns at the first SIGINT or SIGTERM, or when the task is cancelled.
    static func wait() async {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "mapsite.signals")
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        for await _ in signals { break }
        for source in sources { source.cancel() }
        // A second Ctrl-C, while a running build finishes, ends the program at once.
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
