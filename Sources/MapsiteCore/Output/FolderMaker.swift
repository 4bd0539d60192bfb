import Foundation

/// Makes the folders of the item pages on a thread of its own, in the order the pages will be
/// rendered, from the moment the neighbours are known (the input is valid by then).
///
/// Making a folder inside a folder of 150,000 others is the costliest single step of writing a
/// site here, and the kernel does it one at a time per parent folder (it holds the parent's
/// lock). Done by the writing thread, it would add to every file's cost; done here, it runs
/// while the other pages and the first item pages render, and beside the writer after that.
/// Nothing depends on it: the writer makes any folder that is still missing when its file comes
/// (`FileOnDisk.write`), so the two only race to the same result. Once every folder is made, the
/// thread runs what it was given to do next (`WriteQueue.help`: write files beside the writer).
final class FolderMaker: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts making `folders` (site paths, in order) below the open folder `root`, then runs
    /// `then` on the same thread (unless stopped first).
    init(folders: [String], in root: Int32, then: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            for folder in folders {
                if lock.withLock({ stopped }) { break }
                if FileOnDisk.makeDirectory(folder, in: root) != 0 && errno == ENOENT {
                    // the dataset's folder is not there yet; errors are the writer's to report
                    try? FileOnDisk.makeDirectories(folder, in: root, shownAs: folder)
                }
            }
            if !lock.withLock({ stopped }) { then() }
            done.signal()
        }
        thread.name = "mapsite folders"
        thread.start()
    }

    /// Waits until every folder is made and `then` has returned (or making them was stopped).
    func wait() {
        done.wait()
        done.signal()
    }

    /// Stops making folders and waits until the thread has returned. Safe to call again.
    func stop() {
        lock.withLock { stopped = true }
        wait()
    }
}
