import Foundation

/// The files that make a site installable and usable without a network: the web app manifest,
/// its icons and the service worker, all at the site's root so that their scope is the site's
/// base path wherever it is hosted.
struct AppFiles {
    static let manifestPath = "manifest.webmanifest"
    static let serviceWorkerPath = "sw.js"
    static let offlinePath = "offline.html"
    static let iconFolder = "icons/"

    let config: SiteConfig
    /// Changes with anything the build read (`BuildStamp`): the service worker names its caches
    /// by it, so a new build's worker replaces every cache of the last one.
    let buildID: String

    /// An icon file and how the manifest lists it.
    struct Icon {
        var file: OutputFile
        var size: String
        var purpose: String
    }

    /// The generated icons (192 and 512 pixels, and a maskable 512), or the configured `icon`
    /// PNG as it is, with the maskable one drawn beside it.
    /// - Parameter custom: the bytes of the configured icon; `source` names it for errors.
    /// - Throws: `InputError` when the configured icon is no square PNG of at least 192 pixels.
    func icons(custom: [UInt8]?, source: String) throws -> [Icon] {
        let maskable = Icon(
            file: OutputFile(
                Self.iconFolder + "maskable-512.png", AppIcon.png(size: 512, color: config.color, purpose: .maskable)),
            size: "512x512", purpose: "maskable")
        if let custom {
            guard let size = PNGImage.size(of: custom), size.width == size.height, size.width >= 192 else {
                throw InputError(
                    file: source, field: "key \"icon\"", expected: "a square PNG image of at least 192×192 pixels",
                    found: PNGImage.size(of: custom).map { "a PNG of \($0.width)×\($0.height) pixels" } ?? "no PNG")
            }
            let file = OutputFile(Self.iconFolder + "icon.png", custom)
            return [Icon(file: file, size: "\(size.width)x\(size.height)", purpose: "any"), maskable]
        }
        return [192, 512].map { size in
            Icon(
                file: OutputFile(
                    Self.iconFolder + "icon-\(size).png", AppIcon.png(size: size, color: config.color, purpose: .any)),
                size: "\(size)x\(size)", purpose: "any")
        } + [maskable]
    }

    /// `manifest.webmanifest`: every URL relative to it, so the start page and the scope are the
    /// folder the site is served from.
    func manifest(icons: [Icon]) -> OutputFile {
        let name = config.title
        let json = JSONWriter.encode(
            .object([
                ("name", .string(name)), ("short_name", .string(config.shortName ?? name)),
                ("description", .string(config.description)), ("lang", .string(config.language)),
                ("id", .string("./")), ("start_url", .string("./")), ("scope", .string("./")),
                ("display", .string("standalone")), ("theme_color", .string(config.color)),
                ("background_color", .string("#ffffff")),
                (
                    "icons",
                    .array(
                        icons.map { icon in
                            .object([
                                ("src", .string(icon.file.path)), ("sizes", .string(icon.size)),
                                ("type", .string("image/png")), ("purpose", .string(icon.purpose)),
                            ])
                        })
                ),
            ]))
        return OutputFile(Self.manifestPath, json + "\n")
    }

    /// The module every page runs (base.mustache), which the service worker keeps from the
    /// start with all it imports.
    static let shellModules = ["page/site.js"]

    /// `sw.js`: the theme's service worker script after a first line that gives it this build's
    /// id, the files to keep from the start (`shell`, site paths) and the offline page's path.
    func serviceWorker(script: String, shell: [String]) -> OutputFile {
        let settings = JSONWriter.encode(
            .object([
                ("build", .string(buildID)), ("offline", .string(Self.offlinePath)),
                ("shell", .array(shell.map { .string($0) })),
            ]))
        return OutputFile(Self.serviceWorkerPath, "self.MAPSITE = \(settings);\n" + script)
    }
}
