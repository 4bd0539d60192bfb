import CZlib
import Foundation

/// Compression through the system's zlib: the zlib format for PNG image data, the gzip format
/// for the `.gz` siblings a host's `gzip_static` serves.
enum Deflate {
    enum Wrapper {
        /// A zlib stream (RFC 1950), as PNG's `IDAT` holds.
        case zlib
        /// A gzip file (RFC 1952), with no name and no time in its header, so the same bytes
        /// always give the same file.
        case gzip

        var windowBits: Int32 { self == .zlib ? 15 : 15 + 16 }
    }

    /// `bytes` compressed at zlib's best level.
    static func compress(_ bytes: [UInt8], as wrapper: Wrapper) -> [UInt8] {
        var stream = z_stream()
        let status = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, wrapper.windowBits, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib could not start: \(status)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        var input = bytes
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // deflateBound makes room for the whole output, so one call finishes the stream.
                let result = deflate(&stream, Z_FINISH)
                precondition(result == Z_STREAM_END, "zlib did not finish: \(result)")
                return target.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(written...)
        return output
    }

    /// The CRC-32 of `bytes` (PNG chunks, gzip), continuing from `crc`.
    static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(CZlib.crc32(uLong(crc), buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
