import Foundation

/// A value computed on a thread of its own while the build goes on; `value` waits for it.
final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
    private var result: Value?
    private var seconds = 0.0
    private var peak: Int?
    private let done = DispatchSemaphore(value: 0)

    init(name: String, _ work: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            let start = DispatchTime.now()
            result = work()
            seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            peak = PeakMemory.bytes()
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// The value, how long it took to compute and the process's peak memory when it was done
    /// (`PeakMemory`), once it is there.
    var value: (Value, seconds: Double, peak: Int?) {
        done.wait()
        done.signal()
        return (result!, seconds, peak)
    }
}
