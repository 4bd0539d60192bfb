import Foundation

/// Lines for the terminal, written at once rather than buffered, so that a log file or a test
/// reading the output of the long-running `mapsite serve` sees each line when it happens.
enum Console {
    static func out(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
