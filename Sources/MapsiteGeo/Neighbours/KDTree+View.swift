import Foundation

extension KDTree {
    /// Raw pointers into a tree's arrays, valid only inside `withView`; safe to share between
    /// threads because nothing writes through them.
    struct View: @unchecked Sendable {
        let coordinates: UnsafePointer<Double>
        let splitDimensions: UnsafePointer<UInt8>
        let splitValues: UnsafePointer<Double>
        let trig: UnsafePointer<TrigPoint>
        let memberStart: UnsafePointer<Int32>
        let members: UnsafePointer<Int32>
        let siteCount: Int
        let pointCount: Int

        /// The point indices at `slot`, ascending.
        @inline(__always)
        func members(of slot: Int) -> UnsafeBufferPointer<Int32> {
            let start = Int(memberStart[slot])
            return UnsafeBufferPointer(start: members + start, count: Int(memberStart[slot + 1]) - start)
        }
    }

    /// Calls `body` with pointers into the tree's storage, skipping bounds checks in the hot loop.
    func withView<Result>(_ body: (View) -> Result) -> Result {
        coordinates.withUnsafeBufferPointer { coordinates in
            splitDimensions.withUnsafeBufferPointer { splitDimensions in
                splitValues.withUnsafeBufferPointer { splitValues in
                    trig.withUnsafeBufferPointer { trig in
                        memberStart.withUnsafeBufferPointer { memberStart in
                            members.withUnsafeBufferPointer { members in
                                body(
                                    View(
                                        coordinates: coordinates.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                        splitDimensions: splitDimensions.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                        splitValues: splitValues.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                        trig: trig.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                        memberStart: memberStart.baseAddress!,
                                        members: members.baseAddress ?? UnsafePointer(bitPattern: 8)!,
                                        siteCount: siteCount, pointCount: pointCount))
                            }
                        }
                    }
                }
            }
        }
    }
}
