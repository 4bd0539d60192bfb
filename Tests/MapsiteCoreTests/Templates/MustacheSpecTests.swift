import Foundation
import Testing

@testable import MapsiteCore

/// A value of a spec case's `data`, read from JSON as it is.
private enum SpecValue: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case text(String)
    case list([SpecValue])
    case object([String: SpecValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([SpecValue].self) {
            self = .list(list)
        } else {
            self = .object(try container.decode([String: SpecValue].self))
        }
    }

    /// The value as a template sees it: numbers as the spec prints them (`85`, `1.21`), null as
    /// false (hidden, and shown as nothing).
    var templateValue: TemplateValue {
        switch self {
        case .null: .bool(false)
        case .bool(let flag): .bool(flag)
        case .number(let number):
            .text(number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number))
        case .text(let text): .text(text)
        case .list(let values): .list(values.map(\.templateValue))
        case .object(let members):
            .object(TemplateObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.templateValue) }))
        }
    }
}

private struct SpecFile: Decodable {
    struct Case: Decodable {
        var name: String
        var data: SpecValue
        var template: String
        var partials: [String: String]?
        var expected: String
    }

    var tests: [Case]
}

/// The official mustache spec, read at test time from `Tests/Fixtures/mustache-spec/` (its JSON
/// files copied unchanged, with their MIT licence, from the spec's repository): every case of the core files and of inheritance, rendered as `render` does and as
/// the build's pages are (`renderPage` over a shared view, the data as the shared view or as the
/// page's own). Lambdas and dynamic names are not supported, so their files are not read.
@Suite("Mustache spec")
struct MustacheSpecTests {
    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
    ]

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mustache-spec")

    /// The name the case's template is given, which no partial of the spec has.
    static let main = "\u{0}spec"

    /// How the case renders, each way, with the names of the ways that differ from the spec.
    private static func failures(of test: SpecFile.Case) -> [String] {
        var sources = test.partials ?? [:]
        sources[main] = test.template
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(sources: sources)
        } catch {
            return ["parse: \(error.localizedDescription)"]
        }
        let data = test.data.templateValue
        var ways: [(String, () throws -> [UInt8])] = [
            ("render", { try library.renderBytes([data], withTemplate: main) })
        ]
        // A page's own view is an object: data of other kinds is rendered by `render` alone.
        if case .object(let page) = data {
            ways.append(
                (
                    "renderPage over the data",
                    {
                        try library.renderPage(
                            TemplateObject(), over: SharedView(key: "data", value: data), withTemplate: main)
                    }
                ))
            ways.append(
                (
                    "renderPage of the data",
                    { try library.renderPage(page, over: SharedView(key: "empty", value: [:]), withTemplate: main) }
                ))
        }
        return ways.compactMap { way, render in
            do {
                let output = String(decoding: try render(), as: UTF8.self)
                return output == test.expected ? nil : "\(way): \(output.debugDescription)"
            } catch {
                return "\(way): \(error.localizedDescription)"
            }
        }
    }

    @Test("every case of the spec's core and inheritance files renders as expected", arguments: files)
    func specFile(name: String) throws {
        let url = Self.folder.appendingPathComponent(name + ".json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("the mustache spec is missing: expected \(url.path)")
            return
        }
        let file = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url))
        #expect(!file.tests.isEmpty)
        var passed = 0
        for test in file.tests {
            let failures = Self.failures(of: test)
            if failures.isEmpty {
                passed += 1
            } else {
                Issue.record("\(name): \(test.name), expected \(test.expected.debugDescription); \(failures)")
            }
        }
        print("mustache spec \(name).json: \(passed)/\(file.tests.count) cases pass")
        #expect(passed == file.tests.count)
    }
}
