import Foundation
import Testing

@testable import MapsiteCore

/// Deeply nested sections, run as the template fuzzing harness runs them (`make fuzz`).
@Suite("Template nesting") struct TemplateNestingTests {
    /// `depth` sections named `a`, each inside the last, around `{{title}}`.
    private static func nested(_ depth: Int) -> String {
        String(repeating: "{{#a}}", count: depth) + "{{title}}" + String(repeating: "{{/a}}", count: depth)
    }

    @Test func hundredsOfNestedSectionsParseAndRender() throws {
        let library = try TemplateLibrary(sources: ["page": Self.nested(300)])
        #expect(try library.render(["a": true, "title": "deep"], withTemplate: "page") == "deep")
    }

    /// Found with the fuzzing harness, on a hand-made input: the parser recursed once per open
    /// section, so 8,000 nested sections overflowed the stack and killed the build instead of
    /// throwing. Past `TemplateParser.maxDepth` it is an error naming the line.
    @Test func tensOfThousandsOfNestedSectionsAreAnErrorNotACrash() {
        let error = #expect(throws: TemplateError.self) { try Template(Self.nested(50_000), name: "page") }
        #expect(error?.message == "sections nest more than \(TemplateParser.maxDepth) deep")
        #expect(throws: TemplateError.self) { try Template(Self.nested(TemplateParser.maxDepth + 1), name: "page") }
        #expect(throws: Never.self) { try Template(Self.nested(TemplateParser.maxDepth), name: "page") }
    }
}
