import Foundation

/// How values become bytes of a page: text as it is or escaped for HTML, `true` for true, and
/// nothing for false, lists and objects.
enum TemplateOutput {
    /// Appends what a variable shows for `value`: text, escaped or not; `true` for true; nothing
    /// for false, which stands for "no value" (see `TemplateValue.optional`), lists and objects.
    static func append(_ value: TemplateValue, escaped: Bool, to output: inout [UInt8]) {
        switch value {
        case .text(var text):
            text.withUTF8 { if escaped { appendEscaped($0, to: &output) } else { output.append(contentsOf: $0) } }
        case .bool(let flag): if flag { output.append(contentsOf: "true".utf8) }
        case .list, .object: break
        }
    }

    /// Appends UTF-8 `bytes` with `& < > " '` escaped for HTML, copying the runs between them
    /// whole; most texts have none, and are copied at once.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        while index < bytes.count, !needsEscape(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            output.append(contentsOf: bytes)
            return
        }
        var start = 0
        while index < bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            entity.withUTF8Buffer { output.append(contentsOf: $0) }
            index += 1
            start = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
    }

    /// Whether `byte` is one of `& < > " '`: all lie below `@`, most text bytes above it.
    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < UInt8(ascii: "@")
            && (byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'"))
    }
}
