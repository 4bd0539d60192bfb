/// Reads JSON text (RFC 8259) into `JSONValue`s, keeping each number's text, and names the line
/// and column of anything wrong.
///
/// Stricter than `JSONSerialization` where leniency would change data without a word: an object
/// naming a key twice (one value would be lost), a NUL or a lone surrogate in a string, and bytes
/// that are not UTF-8 are errors. Nesting deeper than `maxDepth` is an error too, not a crash.
struct JSONReader {
    /// How deep arrays and objects may nest: far beyond any dataset (GeoJSON needs 6), and shallow
    /// enough that freeing the values, which recurses, fits a thread's stack.
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var position = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The value of the whole of `bytes`; a UTF-8 byte order mark is skipped.
    /// - Parameter file: the path shown in messages.
    /// - Throws: `InputError` with the line and column of the first problem.
    static func parse(_ bytes: [UInt8], file: String) throws -> JSONValue {
        if let problem = TextCheck.firstProblem(in: bytes) { throw InputError(file: file, problem) }
        return try bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, file: file)
            if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { reader.position = 3 }
            reader.skipSpace()
            let value = try reader.value()
            reader.skipSpace()
            guard reader.position == buffer.count else { throw reader.error("the end of the file after the value") }
            return value
        }
    }

    /// The elements of an array read from `start` (just after its `[`, or after a comma between two
    /// of its elements) up to `stop` or the array's `]`, whichever comes first after an element,
    /// and where that is: a part of a large array, read on a thread of its own
    /// (`parseFeatureCollection`).
    /// - Parameter depth: how many arrays and objects are open at `start`, the array included.
    static func elements(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, stop: Int, depth: Int, file: String
    ) throws -> (elements: [JSONValue], end: Int) {
        var reader = JSONReader(bytes: bytes, file: file)
        reader.position = start
        var elements: [JSONValue] = []
        while true {
            elements.append(try reader.value(depth: depth))
            reader.skipSpace()
            let position = reader.position
            if position == stop || position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                return (elements, position)
            }
            try reader.expect(UInt8(ascii: ","), "a comma or ] after the element")
        }
    }

    /// Reads one value, arrays and objects with a stack of their own rather than by recursion, so
    /// that nesting costs heap, not the thread's stack (a loader may run on a thread with little).
    /// - Parameter depth: how many arrays and objects are open around the value.
    private mutating func value(depth: Int = 0) throws -> JSONValue {
        // The open arrays and objects, innermost last; `isArray` tells which stack each is on.
        var isArray: [Bool] = []
        // The elements of every open array, one after another, and where each array's begin: an
        // array is made once, at its close, at its size (a GeoJSON position, made by appending,
        // would be allocated twice; a ring of ten positions five times).
        var elements: [JSONValue] = []
        var arrayStarts: [Int] = []
        var objects: [[String: JSONValue]] = []
        // For each open object, the key whose value is being read and where it starts.
        var keys: [(name: String, start: Int)] = []
        while true {
            skipSpace()
            guard position < bytes.count else { throw error("a value") }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let opensArray = bytes[position] == UInt8(ascii: "[")
                guard depth + isArray.count < Self.maxDepth else {
                    throw error("at most \(Self.maxDepth) levels of nested arrays and objects")
                }
                position += 1
                skipSpace()
                if opensArray {
                    if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        value = .array([])
                        break
                    }
                    isArray.append(true)
                    arrayStarts.append(elements.count)
                } else {
                    if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        value = .object(JSONObject(members: [:]))
                        break
                    }
                    isArray.append(false)
                    objects.append([:])
                    keys.append(try key())
                }
                continue
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"): value = try word("true", .bool(true))
            case UInt8(ascii: "f"): value = try word("false", .bool(false))
            case UInt8(ascii: "n"): value = try word("null", .null)
            default: value = .number(try number())
            }
            // A value is complete: put it in the innermost open container, closing containers
            // that end here, until one goes on with a comma (then read its next value).
            while let array = isArray.last {
                skipSpace()
                if array {
                    elements.append(value)
                    guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else {
                        try expect(UInt8(ascii: "]"), "a comma or ] after the element")
                        isArray.removeLast()
                        let start = arrayStarts.removeLast()
                        value = .array(Array(elements[start...]))
                        elements.removeSubrange(start...)
                        continue
                    }
                    try expect(UInt8(ascii: ","), "a comma or ] after the element")
                    break
                }
                let member = keys.removeLast()
                guard objects[objects.count - 1].updateValue(value, forKey: member.name) == nil else {
                    position = member.start
                    throw error("a different key for each member of an object", found: "\"\(member.name)\" again")
                }
                guard position < bytes.count, bytes[position] != UInt8(ascii: "}") else {
                    try expect(UInt8(ascii: "}"), "a comma or } after the member")
                    isArray.removeLast()
                    value = .object(JSONObject(members: objects.removeLast()))
                    continue
                }
                try expect(UInt8(ascii: ","), "a comma or } after the member")
                skipSpace()
                keys.append(try key())
                break
            }
            if isArray.isEmpty { return value }
        }
    }

    /// A member's key and the colon after it; returns the key and where it starts.
    private mutating func key() throws -> (name: String, start: Int) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("a key in quotes") }
        let start = position
        let name = try string()
        skipSpace()
        try expect(UInt8(ascii: ":"), "a colon after the key")
        return (name, start)
    }

    /// A number by RFC 8259's grammar, as its text: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws -> String {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
            return position - first
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else {
            position = start
            throw error("a value")
        }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            position = integerStart
            throw error("a number without leading zeros")
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("a digit after the decimal point") }
        }
        if position < bytes.count && bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-"))
            {
                position += 1
            }
            guard digits() > 0 else { throw error("a digit in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    private mutating func string() throws -> String {
        let open = position
        position += 1
        let start = position
        // The usual string has no escapes: its bytes are the text (already checked to be UTF-8).
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw controlCharacter(byte) }
            position += 1
        }
        var text = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw controlCharacter(byte) }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { break }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"): text.append(contentsOf: try unicodeEscape())
            default:
                position -= 2
                throw error("an escape such as \\n, \\\" or \\u00e9")
            }
        }
        position = open
        throw error("a closing quote for the string opened here")
    }

    /// The UTF-8 bytes of a `\u` escape (the `\u` already read), with its low surrogate if any.
    private mutating func unicodeEscape() throws -> [UInt8] {
        let escapeStart = position - 2
        var unit = try hex4()
        if (0xD800...0xDBFF).contains(unit) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else {
                position = escapeStart
                throw error("a low surrogate \\uDC00…\\uDFFF after the high surrogate")
            }
            position += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                position = escapeStart
                throw error("a low surrogate \\uDC00…\\uDFFF after the high surrogate")
            }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
            position = escapeStart
            throw error("a character, not a lone low surrogate")
        }
        guard unit != 0 else {
            position = escapeStart
            throw error("text without NUL characters", found: "\\u0000")
        }
        return Array(String(Character(Unicode.Scalar(unit)!)).utf8)
    }

    private mutating func hex4() throws -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count, let digit = Self.hexDigit(bytes[position]) else {
                throw error("four hexadecimal digits after \\u")
            }
            unit = unit << 4 | digit
            position += 1
        }
        return unit
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    private mutating func word(_ word: String, _ value: JSONValue) throws -> JSONValue {
        let start = position
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else {
                position = start
                throw error("a value")
            }
            position += 1
        }
        return value
    }

    private func controlCharacter(_ byte: UInt8) -> InputError {
        let hex = String(byte, radix: 16, uppercase: true)
        return error(
            "no control characters in a string (write them as \\n, \\t, \\u0001)",
            found: "U+" + String(repeating: "0", count: 4 - hex.count) + hex)
    }

    private mutating func expect(_ byte: UInt8, _ expected: String) throws {
        guard position < bytes.count, bytes[position] == byte else { throw error(expected) }
        position += 1
    }

    /// The position of the first byte from `start` on that is not JSON whitespace (`bytes.count`
    /// when none is): for a scan of the bytes that does not read them as values.
    static func skippingSpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var reader = JSONReader(bytes: bytes, file: "")
        reader.position = start
        reader.skipSpace()
        return reader.position
    }

    private mutating func skipSpace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// An error at `position`: its line and column, and what is there.
    private func error(_ expected: String, found: String? = nil) -> InputError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return InputError(
            file: file, line: line, column: position - lineStart + 1, expected: expected,
            found: found ?? foundText())
    }

    /// What stands at `position`: `the end of the file`, or the next few characters.
    private func foundText() -> String {
        guard position < bytes.count else { return "the end of the file" }
        var end = position
        while end < bytes.count && end - position < 12 && bytes[end] != 0x0A { end += 1 }
        // Back off to a character boundary.
        while end < bytes.count && end > position + 1 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
    }
}
