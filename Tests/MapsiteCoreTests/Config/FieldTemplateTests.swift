import Testing

@testable import MapsiteCore

private let values = ["number": "12", "street": "Main St", "city": "Chicago", "empty": ""]

private func render(_ template: String) -> String {
    FieldTemplate(template).render { values[$0] }
}

@Suite("FieldTemplate")
struct FieldTemplateTests {
    @Test("a plain name is one field") func plainName() {
        #expect(FieldTemplate("street").fieldNames == ["street"])
        #expect(render("street") == "Main St")
    }

    @Test("placeholders and text") func placeholders() {
        #expect(render("{number} {street}") == "12 Main St")
    }

    @Test("text around placeholders") func textAround() {
        #expect(render("Box {number}, {city}!") == "Box 12, Chicago!")
    }

    @Test("adjacent placeholders") func adjacent() {
        #expect(render("{number}{street}") == "12Main St")
    }

    @Test("spaces inside braces") func spacesInBraces() {
        #expect(render("{ number }") == "12")
        #expect(FieldTemplate("{ number }").fieldNames == ["number"])
    }

    @Test("a missing field is empty and the result is trimmed") func missingField() {
        #expect(render("{number} {nothing}") == "12")
        #expect(render("{empty} {street}") == "Main St")
    }

    @Test("a missing plain field is empty") func missingPlain() {
        #expect(render("nothing") == "")
    }

    @Test("an unclosed brace is text") func unclosed() {
        #expect(render("{number} {street") == "12 {street")
    }

    @Test("the field names in order") func fieldNames() {
        #expect(FieldTemplate("{city}: {number} {street}").fieldNames == ["city", "number", "street"])
    }
}

@Suite("Label")
struct LabelTests {
    @Test(
        "labels from field names",
        arguments: [
            ("weekday_pickup", "Weekday pickup"), ("zip-code", "Zip code"), ("location.lat", "Lat"),
            ("Name", "Name"), ("zip", "Zip"), ("été", "Été"), ("", ""),
        ])
    func label(name: String, label: String) {
        #expect(Label.from(name) == label)
    }
}
