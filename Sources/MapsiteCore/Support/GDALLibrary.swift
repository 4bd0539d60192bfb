import CGDAL
import Foundation

/// What every use of GDAL shares: its drivers registered once, and its error messages caught
/// instead of printed.
enum GDALLibrary {
    /// Registers every driver the installed GDAL has; the first use does it, once.
    static let registered: Void = GDALAllRegister()

    /// Runs `body` with GDAL's messages kept from standard error (they go into the errors mapsite
    /// reports instead), starting with none. GDAL keeps error handlers and the last message per
    /// thread, so this is safe on any thread.
    static func quietly<Result>(_ body: () throws -> Result) rethrows -> Result {
        CPLPushErrorHandler(CPLQuietErrorHandler)
        CPLErrorReset()
        defer { CPLPopErrorHandler() }
        return try body()
    }

    /// GDAL's last message on this thread, trimmed; empty when there is none.
    static func lastMessage() -> String {
        guard let message = CPLGetLastErrorMsg() else { return "" }
        return String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
