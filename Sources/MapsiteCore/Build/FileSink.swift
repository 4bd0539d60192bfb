import Foundation

/// Where a build hands the files it makes: the `WriteQueue` in front of the `OutputWriter`,
/// which lets rendering go on while files are written.
protocol FileSink: Sendable {
    /// - Parameter inputs: a fingerprint of what the bytes were made from (`OutputWriter.reuse`).
    func write(_ path: String, _ bytes: [UInt8], inputs: UInt64?) throws
}

extension FileSink {
    func write(_ path: String, _ bytes: [UInt8]) throws {
        try write(path, bytes, inputs: nil)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8), inputs: nil)
    }
}

extension WriteQueue: FileSink {
    func write(_ path: String, _ bytes: [UInt8], inputs: UInt64?) throws {
        try enqueue(path, bytes, inputs: inputs)
    }
}
