import Foundation

/// The open connections of `mapsite serve`, each with the time by which it must have moved on:
/// a watchdog cancels the task of each one past its deadline, which closes it.
final class ConnectionTable: @unchecked Sendable {
    private struct Entry {
        var task: Task<Void, Never>?
        var deadline: ContinuousClock.Instant
        /// Since when it waits for a request (nil while one is answered): the longest waiting
        /// are closed first when the server runs out of file descriptors.
        var waitingSince: ContinuousClock.Instant?
    }

    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var lastID: UInt64 = 0

    var count: Int { lock.withLock { entries.count } }

    /// Adds a connection that waits for its first request until `deadline`.
    func open(until deadline: ContinuousClock.Instant) -> UInt64 {
        lock.withLock {
            lastID += 1
            entries[lastID] = Entry(task: nil, deadline: deadline, waitingSince: .now)
            return lastID
        }
    }

    /// The task serving connection `id`; cancelled at once when the connection was closed meanwhile.
    func attach(_ task: Task<Void, Never>, to id: UInt64) {
        let closed = lock.withLock {
            guard entries[id] != nil else { return true }
            entries[id]?.task = task
            return false
        }
        if closed { task.cancel() }
    }

    func close(_ id: UInt64) {
        let entry = lock.withLock { entries.removeValue(forKey: id) }
        entry?.task?.cancel()
    }

    /// Sets the time by which connection `id` must have moved on, and whether it waits for a request.
    func set(_ id: UInt64, deadline: ContinuousClock.Instant, waiting: Bool) {
        lock.withLock {
            guard entries[id] != nil else { return }
            entries[id]?.deadline = deadline
            if !waiting {
                entries[id]?.waitingSince = nil
            } else if entries[id]?.waitingSince == nil {
                entries[id]?.waitingSince = .now
            }
        }
    }

    /// Closes the connections past their deadline, four times a second, until cancelled.
    func watch() async throws {
        while true {
            try await Task.sleep(for: .milliseconds(250))
            let now = ContinuousClock.now
            let late = lock.withLock { entries.filter { $0.value.deadline <= now } }
            for (id, _) in late { close(id) }
        }
    }

    /// Closes up to `count` of the connections that have waited longest for a request.
    /// - Returns: how many were closed.
    func closeLongestWaiting(_ count: Int) -> Int {
        let chosen = lock.withLock {
            entries.compactMap { id, entry in entry.waitingSince.map { (id, $0) } }
                .sorted { $0.1 < $1.1 }.prefix(count).map(\.0)
        }
        for id in chosen { close(id) }
        return chosen.count
    }

    func closeAll() {
        let all = lock.withLock {
            let all = entries
            entries = [:]
            return all
        }
        for entry in all.values { entry.task?.cancel() }
    }
}
