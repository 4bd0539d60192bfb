import Foundation
import MapsiteGeo

extension ItemPage {
    /// A fingerprint of everything the page of item `position` shows, on top of `site` (the
    /// templates, settings and shared parts of every page: `SiteFingerprint`). A rebuild skips
    /// rendering a page whose fingerprint has not changed (`OutputWriter.reuse`).
    ///
    /// It covers the item, its neighbour lists (with each neighbour's title, slug, distance and
    /// bearing), the other places at its location and the group pages its values link to: all
    /// `view(for:)` reads besides the dataset's settings, which `site` covers.
    func fingerprint(_ position: Int, site: UInt64) -> UInt64 {
        var hasher = StableHasher(seed: site)
        dataset.items.withUnsafeBufferPointer { items in
            let item = items[position]
            hasher.add(item.id)
            hasher.add(item.slug)
            hasher.add(item.title)
            hasher.add(item.origin)
            hasher.add(item.point)
            hasher.add(item.values)
            hasher.add(item.image ?? "\u{0}")
            hasher.add(item.thumbnail ?? "\u{0}")
            hasher.add(item.description ?? "\u{0}")
            ItemPage.addShape(item, to: &hasher)
            for (field, column) in groupColumns {
                hasher.add(field)
                hasher.add(groupLinks[field]?[item.values[column]] ?? "\u{0}")
            }
        }
        // Each linked item's title and slug count through their hash, made once per dataset.
        func add(_ row: ArraySlice<Neighbour>, of target: LinkTargets) {
            hasher.add(row.count)
            for neighbour in row {
                hasher.add(target.fingerprints[Int(neighbour.index)])
                hasher.add(neighbour.distance.bitPattern)
                hasher.add(neighbour.bearing.bitPattern)
            }
        }
        for stop in tourStops[position] ?? [] {
            hasher.add(stop.title, stop.url)
            hasher.add(stop.number)
            hasher.add(stop.count)
        }
        add(index.nearest(of: position), of: own)
        for (cross, other) in zip(index.cross, crossTargets) {
            if let other { add(cross.table[position], of: other) }
        }
        for other in index.samePlace(as: position) {
            hasher.add(own.fingerprints[Int(other)])
        }
        return hasher.value
    }
}

/// The fingerprint of what every page depends on: the mapsite program itself, the templates,
/// the settings and the parts of the site every page shares.
enum SiteFingerprint {
    static func make(templates: TemplateLibrary, context: SiteContext) -> UInt64 {
        var hasher = StableHasher()
        hasher.add(programIdentity)
        hasher.add(templates.fingerprint)
        hasher.add(String(describing: context.config))
        for entry in context.menu { hasher.add(entry.title, entry.path) }
        for entry in context.datasets { hasher.add(entry.name, entry.title, entry.description, String(entry.count)) }
        for (path, renamed) in context.assets.paths.sorted(by: { $0.key < $1.key }) { hasher.add(path, renamed) }
        return hasher.value
    }

    /// The running program's size and modification time, so that a new mapsite renders everything anew.
    static let programIdentity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 || stat(CommandLine.arguments[0], &info) == 0 else { return "unknown" }
        return "\(info.st_size) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)"
    }()
}
