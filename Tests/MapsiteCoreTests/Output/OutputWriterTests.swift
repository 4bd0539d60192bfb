import Foundation
import Testing

@testable import MapsiteCore

/// Runs one build of `files` (site path → text) into `directory`, like `SiteBuilder` does.
@discardableResult
private func build(_ files: [String: String], into directory: String) throws -> OutputWriter.Summary {
    let writer = try OutputWriter(directory: directory)
    for (path, text) in files.sorted(by: { $0.key < $1.key }) { try writer.write(path, text) }
    return try writer.finish()
}

private func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: path)
}

@Suite("OutputWriter")
struct OutputWriterTests {
    @Test("writes files and their folders") func writes() throws {
        try withTemporaryDirectory { directory in
            let summary = try build(["index.html": "home", "boxes/a/index.html": "a"], into: directory)
            #expect(readText(directory + "/index.html") == "home")
            #expect(readText(directory + "/boxes/a/index.html") == "a")
            #expect(summary == .init(files: 2, written: 2, unchanged: 0, removed: 0, bytes: 5, bytesWritten: 5))
        }
    }

    @Test("after a build that stopped half way, every file is rewritten and stale ones still go")
    func interrupted() throws {
        try withTemporaryDirectory { directory in
            try build(["index.html": "old", "gone/index.html": "x"], into: directory)
            // A build that writes new bytes and then fails before `finish()`.
            let failed = try OutputWriter(directory: directory)
            try failed.write("index.html", "new")
            // The next build produces the first build's bytes again: they must reach the disk.
            let summary = try build(["index.html": "old"], into: directory)
            #expect(readText(directory + "/index.html") == "old")
            #expect(summary.written == 1)
            #expect(summary.removed == 1)
            #expect(!exists(directory + "/gone/index.html"))
            #expect(!exists(directory + "/" + OutputWriter.incompleteName))
        }
    }

    @Test("a second build with the same bytes writes nothing") func unchanged() throws {
        try withTemporaryDirectory { directory in
            let files = ["index.html": "home", "boxes/a/index.html": "a"]
            try build(files, into: directory)
            let before = try FileManager.default.attributesOfItem(atPath: directory + "/index.html")
            let summary = try build(files, into: directory)
            #expect(summary.written == 0)
            #expect(summary.unchanged == 2)
            #expect(summary.bytesWritten == 0)
            let after = try FileManager.default.attributesOfItem(atPath: directory + "/index.html")
            #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        }
    }

    @Test("a changed file is rewritten") func changed() throws {
        try withTemporaryDirectory { directory in
            try build(["index.html": "home", "other.html": "x"], into: directory)
            let summary = try build(["index.html": "new home", "other.html": "x"], into: directory)
            #expect(summary.written == 1)
            #expect(summary.unchanged == 1)
            #expect(readText(directory + "/index.html") == "new home")
        }
    }

    @Test("a change of the same size is rewritten") func changedSameSize() throws {
        try withTemporaryDirectory { directory in
            try build(["index.html": "aaaa"], into: directory)
            try build(["index.html": "bbbb"], into: directory)
            #expect(readText(directory + "/index.html") == "bbbb")
        }
    }

    @Test("a file deleted since the last build is written again") func deletedByHand() throws {
        try withTemporaryDirectory { directory in
            try build(["index.html": "home"], into: directory)
            try FileManager.default.removeItem(atPath: directory + "/index.html")
            let summary = try build(["index.html": "home"], into: directory)
            #expect(summary.written == 1)
            #expect(readText(directory + "/index.html") == "home")
        }
    }

    @Test("a file the last build wrote and this one did not is removed, with its empty folders") func removed() throws {
        try withTemporaryDirectory { directory in
            try build(["index.html": "home", "boxes/a/index.html": "a", "boxes/b/index.html": "b"], into: directory)
            let summary = try build(["index.html": "home", "boxes/b/index.html": "b"], into: directory)
            #expect(summary.removed == 1)
            #expect(!exists(directory + "/boxes/a/index.html"))
            #expect(!exists(directory + "/boxes/a"))
            #expect(exists(directory + "/boxes/b/index.html"))
        }
    }

    @Test("removing a whole tree removes every emptied folder") func removedTree() throws {
        try withTemporaryDirectory { directory in
            try build(
                ["index.html": "home", "boxes/a/index.html": "a", "boxes/page/2/index.html": "2"], into: directory)
            try build(["index.html": "home"], into: directory)
            #expect(!exists(directory + "/boxes"))
            #expect(exists(directory + "/index.html"))
        }
    }

    @Test("files it never wrote are left alone") func foreignFiles() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["README.md": "keep", "boxes/notes.txt": "keep too"], in: directory)
            try build(["index.html": "home", "boxes/a/index.html": "a"], into: directory)
            try build(["index.html": "home"], into: directory)
            #expect(readText(directory + "/README.md") == "keep")
            #expect(readText(directory + "/boxes/notes.txt") == "keep too")
            #expect(!exists(directory + "/boxes/a"))
        }
    }

    @Test("a file it never wrote is overwritten when the build writes that path") func foreignSamePath() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["index.html": "old"], in: directory)
            let summary = try build(["index.html": "home"], into: directory)
            #expect(summary.written == 1)
            #expect(readText(directory + "/index.html") == "home")
        }
    }

    @Test(
        "paths that leave the output folder are refused",
        arguments: ["../x", "/etc/x", "a/../../x", "a\\..\\x", "", ".mapsite-manifest"])
    func escaping(path: String) throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory + "/site")
            let error = #expect(throws: OutputError.self) { try writer.write(path, "x") }
            #expect(error?.errorDescription == "output file \"\(path)\" is not a path inside the output folder")
            #expect(!exists(directory + "/x"))
        }
    }

    @Test("a manifest entry that leaves the output folder is ignored") func hostileManifest() throws {
        try withTemporaryDirectory { directory in
            try writeFiles(["outside.txt": "keep", "site/.mapsite-manifest": "0 4 ../outside.txt\n"], in: directory)
            try build(["index.html": "home"], into: directory + "/site")
            #expect(readText(directory + "/outside.txt") == "keep")
        }
    }

    @Test("one path written twice in one build") func writtenTwice() throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory)
            try writer.write("index.html", "a")
            let error = #expect(throws: OutputError.self) { try writer.write("index.html", "b") }
            #expect(error?.errorDescription == "output file \"index.html\" is written twice by one build")
        }
    }

    @Test("writes from many threads at once") func concurrent() throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory)
            let failures = FirstError()
            DispatchQueue.concurrentPerform(iterations: 200) { index in
                do { try writer.write("items/\(index % 7)/\(index)/index.html", "item \(index)") } catch {
                    failures.set(error)
                }
            }
            #expect(failures.error == nil)
            let summary = try writer.finish()
            #expect(summary.files == 200)
            #expect(filesBelow(directory).count == 201)
        }
    }

    @Test("folders made ahead: new ones are made, those of pages already written are skipped")
    func foldersAhead() throws {
        try withTemporaryDirectory { directory in
            try build(["places/old/index.html": "old"], into: directory)
            rmdir(directory + "/places/old")  // fails: not empty, so the folder stays
            let writer = try OutputWriter(directory: directory)
            let ran = Counter()
            let folders = writer.makeFolders(of: [
                "places/new/index.html", "places/old/index.html", "other/deep/index.html",
            ]) {
                // runs once the folders are made
                if exists(directory + "/places/new") && exists(directory + "/other/deep") { _ = ran.add(1) }
            }
            folders.wait()
            folders.stop()
            #expect(ran.add(0) == 1)
            #expect(exists(directory + "/places/new"))
            #expect(exists(directory + "/other/deep"))
            // A page that comes while its folder is still missing makes it.
            try writer.write("late/one/index.html", "late")
            try writer.write("places/new/index.html", "new")
            try writer.write("places/old/index.html", "old")
            let summary = try writer.finish()
            #expect(readText(directory + "/late/one/index.html") == "late")
            #expect(summary.written == 2)
            #expect(summary.unchanged == 1)
        }
    }
}

@Suite("WriteQueue")
struct WriteQueueTests {
    @Test("every file queued from many threads is written, with a second thread helping part way")
    func helped() throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory)
            let queue = WriteQueue(writer: writer, capacity: 16)
            let halfway = DispatchSemaphore(value: 0)
            Thread {
                halfway.wait()
                queue.help()
            }.start()
            let failures = FirstError()
            DispatchQueue.concurrentPerform(iterations: 2000) { index in
                if index == 500 { halfway.signal() }
                do { try queue.enqueue(OutputFile("items/\(index)/index.html", Array("item \(index)".utf8))) } catch {
                    failures.set(error)
                }
            }
            try queue.finish()
            #expect(failures.error == nil)
            let summary = try writer.finish()
            #expect(summary.files == 2000)
            #expect(summary.written == 2000)
            #expect(readText(directory + "/items/1234/index.html") == "item 1234")
            #expect(filesBelow(directory).count == 2001)
        }
    }

    @Test("a failed write stops the queue: later files are refused and finish throws")
    func failure() throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory)
            let queue = WriteQueue(writer: writer, capacity: 4)
            try queue.enqueue(OutputFile("../outside.html", Array("x".utf8)))
            var refused = false
            for index in 0..<10_000 where !refused {
                do { try queue.enqueue(OutputFile("page\(index).html", Array("x".utf8))) } catch { refused = true }
            }
            #expect(refused)
            let error = #expect(throws: OutputError.self) { try queue.finish() }
            #expect(error?.path == "../outside.html")
            #expect(!exists(directory + "/../outside.html"))
        }
    }

    @Test("closing the queue lets a helping thread return, after it wrote what was queued")
    func closed() throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory)
            let queue = WriteQueue(writer: writer)
            let returned = DispatchSemaphore(value: 0)
            Thread {
                queue.help()
                returned.signal()
            }.start()
            try queue.enqueue(OutputFile("a.html", Array("a".utf8)))
            queue.close()
            #expect(returned.wait(timeout: .now() + 60) == .success)
            try queue.finish()
            #expect(readText(directory + "/a.html") == "a")
            queue.help()  // after the queue is finished: returns at once
        }
    }
}

@Suite("WriteQueue lifetime")
struct WriteQueueLifetimeTests {
    @Test("a queue closed and dropped at once, before its thread starts, does not crash the thread")
    func droppedAtOnce() throws {
        try withTemporaryDirectory { directory in
            let writer = try OutputWriter(directory: directory)
            for _ in 0..<500 {
                let queue = WriteQueue(writer: writer)
                queue.close()
            }
            // The threads drain nothing and return; the writer still works after them.
            try writer.write("a.html", "a")
            #expect(try writer.finish().written == 1)
        }
    }
}
