import Testing

@testable import MapsiteCore

@Suite("AssetNames: ES modules")
struct AssetModulesTests {
    static let theme = [
        OutputFile("assets/core/geo.js", "export const R = 1;\n"),
        OutputFile("assets/core/tiles.js", "import { R } from \"./geo.js\";\nexport const T = R;\n"),
        OutputFile(
            "assets/page/map.js",
            "import { T } from '../core/tiles.js';\nimport \"./menu.js\";\nexport const later = () => import(\"./late.js\");\n"
        ),
        OutputFile("assets/page/menu.js", "export {};\n"),
        OutputFile("assets/page/late.js", "import { T } from \"../core/tiles.js\";\nexport const L2 = T;\n"),
        OutputFile("assets/page/a.js", "import { b } from \"./b.js\";\nexport const a = 1;\n"),
        OutputFile("assets/page/b.js", "import { a } from \"./a.js\";\nexport const b = 2;\n"),
    ]

    static func text(_ files: [OutputFile], _ path: String, _ names: AssetNames) -> String {
        String(decoding: files.first { $0.path == names.path(of: path) }?.bytes ?? [], as: UTF8.self)
    }

    static func fileName(_ names: AssetNames, _ path: String) -> String {
        String(names.path(of: path).split(separator: "/").last ?? "")
    }

    @Test("imports name the fingerprinted files, relative as written")
    func rewritten() throws {
        let (files, names) = try AssetNames.fingerprint(Self.theme)
        let map = Self.text(files, "assets/page/map.js", names)
        #expect(map.contains("from '../core/\(Self.fileName(names, "assets/core/tiles.js"))'"))
        #expect(map.contains("import \"./\(Self.fileName(names, "assets/page/menu.js"))\""))
        #expect(map.contains("import(\"./\(Self.fileName(names, "assets/page/late.js"))\")"))
        #expect(
            Self.text(files, "assets/core/tiles.js", names).contains("./\(Self.fileName(names, "assets/core/geo.js"))"))
        for file in files {
            #expect(file.path.wholeMatch(of: /assets\/(core|page)\/[a-z0-9]+\.[0-9a-f]{8}\.js/) != nil, "\(file.path)")
        }
    }

    @Test("a change to a module renames every module that loads it, and only those")
    func renamesDependents() throws {
        var changed = Self.theme
        changed[0].bytes += Array("export const S = 2;\n".utf8)
        let before = try AssetNames.fingerprint(Self.theme).names
        let after = try AssetNames.fingerprint(changed).names
        for path in ["assets/core/geo.js", "assets/core/tiles.js", "assets/page/map.js", "assets/page/late.js"] {
            #expect(before.path(of: path) != after.path(of: path), "\(path)")
        }
        for path in ["assets/page/menu.js", "assets/page/a.js", "assets/page/b.js"] {
            #expect(before.path(of: path) == after.path(of: path), "\(path)")
        }
    }

    @Test("modules that import each other in a circle are renamed together, and name each other")
    func circle() throws {
        let (files, names) = try AssetNames.fingerprint(Self.theme)
        #expect(Self.text(files, "assets/page/a.js", names).contains("./\(Self.fileName(names, "assets/page/b.js"))"))
        #expect(Self.text(files, "assets/page/b.js", names).contains("./\(Self.fileName(names, "assets/page/a.js"))"))
        var changed = Self.theme
        changed[6].bytes += Array("// b changed\n".utf8)
        let after = try AssetNames.fingerprint(changed).names
        #expect(after.path(of: "assets/page/a.js") != names.path(of: "assets/page/a.js"))
        #expect(after.path(of: "assets/page/b.js") != names.path(of: "assets/page/b.js"))
    }

    @Test("a page preloads what a module imports, statically or with import() too")
    func closure() throws {
        let names = try AssetNames.fingerprint(Self.theme).names
        #expect(
            names.moduleClosure(of: "assets/page/map.js") == [
                "assets/core/geo.js", "assets/core/tiles.js", "assets/page/menu.js",
            ])
        #expect(
            names.moduleClosure(of: "assets/page/map.js", dynamic: true) == [
                "assets/core/geo.js", "assets/core/tiles.js", "assets/page/late.js", "assets/page/menu.js",
            ])
        #expect(names.moduleClosure(of: "assets/core/geo.js").isEmpty)
    }

    @Test("an import of a file the theme does not have stops the build, naming both")
    func missing() {
        let theme = [OutputFile("assets/page/x.js", "import { y } from \"./y.js\";\n")]
        #expect {
            try AssetNames.fingerprint(theme)
        } throws: { error in
            let text = (error as? OutputError)?.errorDescription ?? ""
            return text.contains("assets/page/x.js") && text.contains("\"./y.js\"")
        }
    }
}
