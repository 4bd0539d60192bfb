import Foundation

/// Reads request heads from the bytes of one connection as they arrive, in time linear in the
/// bytes, and refuses a request line or a head longer than its limits as soon as it is.
///
/// Bytes past a head (the start of a pipelined request) are kept for the next one.
public struct HTTPHeadReader: Sendable {
    public let requestLineLimit: Int
    public let headLimit: Int
    private var buffer: [UInt8] = []
    /// Where the line being read starts in `buffer`, and where the search for its end goes on.
    private var lineStart = 0
    private var scanned = 0
    /// The lines of the head read so far, as ranges of `buffer` (slices would make each append copy it).
    private var lines: [Range<Int>] = []

    /// - Parameters:
    ///   - requestLineLimit: the longest request line taken, in bytes without its line end.
    ///   - headLimit: the longest head taken, request line and fields, in bytes.
    public init(requestLineLimit: Int = 8192, headLimit: Int = 32768) {
        self.requestLineLimit = requestLineLimit
        self.headLimit = headLimit
    }

    /// Whether part of a request has come and its head is not whole yet.
    public var isInsideRequest: Bool { !buffer.isEmpty }

    /// Takes the bytes that came and returns the head once it is whole.
    /// - Returns: the head, or nil while its end has not come.
    /// - Throws: `HTTPHeadError` for a request line or head over the limits, or malformed.
    /// - Complexity: O(n) in the bytes given, over all calls for one head.
    public mutating func append(_ bytes: some Collection<UInt8>) throws -> HTTPRequestHead? {
        buffer.append(contentsOf: bytes)
        return try next()
    }

    /// The next head among the bytes already taken, for pipelined requests.
    public mutating func next() throws -> HTTPRequestHead? {
        while let newline = buffer[scanned...].firstIndex(of: 0x0A) {
            let end = newline > lineStart && buffer[newline - 1] == 0x0D ? newline - 1 : newline
            let line = lineStart..<end
            scanned = newline + 1
            lineStart = scanned
            if line.isEmpty {
                // RFC 9112 §2.2: empty lines before a request line are ignored.
                if lines.isEmpty { continue }
                let head = try Self.parse(lines.map { buffer[$0] })
                buffer.removeFirst(scanned)
                (lines, lineStart, scanned) = ([], 0, 0)
                return head
            }
            if lines.isEmpty, line.count > requestLineLimit {
                throw HTTPHeadError.requestLineTooLong(limit: requestLineLimit)
            }
            lines.append(line)
            if scanned > headLimit { throw HTTPHeadError.fieldsTooLarge(limit: headLimit) }
        }
        scanned = buffer.count
        if lines.isEmpty, buffer.count - lineStart > requestLineLimit + 1 {
            throw HTTPHeadError.requestLineTooLong(limit: requestLineLimit)
        }
        if buffer.count > headLimit { throw HTTPHeadError.fieldsTooLarge(limit: headLimit) }
        // Empty lines before a request line leave nothing to keep.
        if lines.isEmpty, lineStart == buffer.count {
            (buffer, lineStart, scanned) = ([], 0, 0)
        }
        return nil
    }

    private static func parse(_ lines: [ArraySlice<UInt8>]) throws -> HTTPRequestHead {
        let requestLine = String(decoding: lines[0], as: UTF8.self)
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw HTTPHeadError.malformed("expected a request line such as \"GET /path HTTP/1.1\"")
        }
        guard parts[0].allSatisfy({ $0.isLetter && $0.isASCII }) else {
            throw HTTPHeadError.malformed("the method is not a word of letters")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw HTTPHeadError.malformed("expected HTTP/1.1 or HTTP/1.0 at the end of the request line")
        }
        var fields: [HTTPRequestHead.Field] = []
        for line in lines.dropFirst() {
            guard line.first != 0x20, line.first != 0x09 else {
                throw HTTPHeadError.malformed("a header field folded over lines")
            }
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                line[..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
            else {
                throw HTTPHeadError.malformed("expected a header field such as \"Name: value\"")
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
            fields.append(
                .init(
                    name: String(decoding: line[..<colon], as: UTF8.self),
                    value: value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))))
        }
        return HTTPRequestHead(
            method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), fields: fields)
    }
}
