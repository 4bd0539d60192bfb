import Foundation
import MapsiteCore

/// The lines `mapsite deploy` prints: the plan of a dry run, the summary of a deploy, and the
/// progress of each phase on a terminal.
enum DeployReport {
    static func plan(_ summary: Deployer.Summary, target: DeployTarget) -> String {
        let plan = summary.plan
        var lines = [
            "Plan for \(target) (compared with "
                + (summary.recorded
                    ? "the manifest of the last deploy" : "the store's listing: no manifest, so every file is sent")
                + "):"
        ]
        for (kind, uploads) in plan.uploadsByKind {
            let bytes = uploads.reduce(0) { $0 + $1.file.size }
            var reasons: [DeployPlan.Reason: Int] = [:]
            for upload in uploads { reasons[upload.reason, default: 0] += 1 }
            let why = [DeployPlan.Reason.new, .changed, .headers, .unrecorded].compactMap { reason in
                reasons[reason].map { "\($0) \(reason.rawValue)" }
            }.joined(separator: ", ")
            lines.append("  upload \(kind.name): \(uploads.count) files, \(size(bytes)) (\(why))")
            lines.append("    " + first(uploads.map(\.file.path)))
        }
        if !plan.deletes.isEmpty {
            lines.append("  delete: \(plan.deletes.count) objects")
            lines.append("    " + first(plan.deletes))
        }
        lines.append(
            "  \(plan.uploads.count) to upload (\(size(plan.uploadBytes))), \(plan.deletes.count) to delete, "
                + "\(plan.unchanged) unchanged; nothing sent (--dry-run)")
        return lines.joined(separator: "\n")
    }

    static func line(_ summary: Deployer.Summary, target: DeployTarget, seconds: Double) -> String {
        "Deployed to \(target): \(summary.uploaded) uploaded (\(size(summary.bytesSent)) sent), "
            + "\(summary.deleted) deleted, \(summary.plan.unchanged) unchanged, in \(String(format: "%.2f", seconds)) s"
    }

    private static func first(_ paths: [String], count: Int = 5) -> String {
        paths.prefix(count).joined(separator: ", ") + (paths.count > count ? ", …" : "")
    }

    /// Sizes in decimal units (1 KB = 1,000 bytes), as the build's figures give them.
    static func size(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f KB", Double(bytes) / 1e3) }
        if bytes < 1_000_000_000 { return String(format: "%.1f MB", Double(bytes) / 1e6) }
        return String(format: "%.2f GB", Double(bytes) / 1e9)
    }
}

/// One line showing a deploy's phase on a terminal, files and bytes, rewritten in place.
final class DeployProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var lastShown = DispatchTime.now()
    private var visible = false

    func show(_ phase: String, _ files: Int, _ totalFiles: Int, _ bytes: Int, _ totalBytes: Int) {
        lock.withLock {
            let now = DispatchTime.now()
            guard now.uptimeNanoseconds - lastShown.uptimeNanoseconds > 100_000_000 || files >= totalFiles else {
                return
            }
            lastShown = now
            let sizes = totalBytes > 0 ? ", \(DeployReport.size(bytes)) of \(DeployReport.size(totalBytes))" : ""
            FileHandle.standardOutput.write(Data("\r\(phase): \(files)/\(totalFiles) files\(sizes)\u{1B}[K".utf8))
            visible = true
        }
    }

    func clear() {
        lock.withLock {
            if visible { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
            visible = false
        }
    }
}
