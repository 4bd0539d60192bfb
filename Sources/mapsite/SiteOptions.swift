import ArgumentParser

/// The options every command that builds a site takes: where the content is, where the site
/// goes, where it will be hosted, and which theme to use.
struct SiteOptions: ParsableArguments {
    @Option(help: "The content folder: site.yml, data, Markdown.")
    var content = "content"

    @Option(help: "The folder the site is written to. Files the build did not write are left alone.")
    var output = "site"

    @Option(
        name: .customLong("base-url"), help: "Where the site will be hosted, e.g. https://example.org/maps/ or /maps/.")
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "The theme folder (default: templates/ beside the content folder or in the working folder, else the theme "
                + "installed with this program, PREFIX/share/mapsite/templates).", valueName: "dir"))
    var templates: String?

    /// The theme folder given, or the one found near the content folder or this program
    /// (`ThemeLocator`).
    func theme() throws -> String {
        try templates ?? ThemeLocator.find(near: content)
    }
}
