import Foundation

/// An item page's fingerprint is a hash of what its template renders, not a list kept by hand of
/// what the page shows: the page's view (`ItemPage.view(for:)`: every value the page shows, its
/// embedded data and JSON-LD included), the shared view it is rendered over, the templates and the
/// mapsite program. A value the page shows is in its view, so it is in the fingerprint: equal
/// fingerprints, equal bytes.
enum ItemPageFingerprint {
    /// The fingerprint of what every page rendered over `shared` has in common: the mapsite
    /// program, the templates and the shared view (the site's settings, menu and asset names as
    /// templates see them).
    static func seed(templates: TemplateLibrary, shared: SharedView) -> UInt64 {
        var hasher = StableHasher()
        hasher.add(SiteFingerprint.programIdentity)
        hasher.add(templates.fingerprint)
        add(shared.value, to: &hasher)
        return hasher.value
    }

    /// Adds a view given as values: each text, flag, list and object member, with its name, in order.
    private static func add(_ value: TemplateValue, to hasher: inout StableHasher) {
        switch value {
        case .text(let text):
            hasher.add(0)
            hasher.add(text)
        case .bool(let flag):
            hasher.add(flag ? 1 : 2)
        case .list(let values):
            hasher.add(3)
            hasher.add(values.count)
            for value in values { add(value, to: &hasher) }
        case .object(let object):
            hasher.add(4)
            hasher.add(object.members.count)
            for (name, value) in object.members {
                hasher.add(name)
                add(value, to: &hasher)
            }
        }
    }
}

extension FlatView {
    /// A hash of the whole view, on top of `seed`: every node (its kind, name, text range or flag,
    /// elements and members), the members of each object and the bytes of every text.
    ///
    /// Names are numbered as `ViewNames` numbers them: mapsite's own (`ViewName`) the same in
    /// every run of one program, others in the order a run first meets them, so these count by
    /// their text.
    /// - Complexity: O(n) in the nodes and bytes of the view.
    func fingerprint(seed: UInt64) -> UInt64 {
        var hasher = StableHasher(seed: seed)
        let fixedNames = Int32(ViewName.allCases.count)
        func name(_ name: Int32) -> UInt64 {
            guard name >= fixedNames else { return UInt64(UInt32(bitPattern: name)) }
            var text = ViewNames.shared.name(name)
            return text.withUTF8 { StableHash.contents(UnsafeRawBufferPointer($0)) } | (1 << 63)
        }
        hasher.add(nodes.count)
        for node in nodes {
            hasher.add(UInt64(node.kind.rawValue) << 32 | UInt64(UInt32(bitPattern: node.next)))
            hasher.add(name(node.name))
            hasher.add(UInt64(UInt32(bitPattern: node.start)) << 32 | UInt64(UInt32(bitPattern: node.end)))
        }
        hasher.add(members.count)
        for member in members {
            hasher.add(name(member.name))
            hasher.add(UInt64(UInt32(bitPattern: member.node)))
        }
        hasher.add(bytes.withUnsafeBytes(StableHash.contents))
        return hasher.value
    }
}

/// The mapsite program, for the fingerprints of what it makes.
enum SiteFingerprint {
    /// The running program's size and modification time, so that a new mapsite renders everything anew.
    static let programIdentity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments[0], &info) == 0 else { return "unknown" }
        return "\(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)"
    }()
}
