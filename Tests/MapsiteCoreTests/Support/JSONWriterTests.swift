import Testing

@testable import MapsiteCore

private func string(_ text: String) -> String {
    JSONWriter.encode(.string(text))
}

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("a closing script tag cannot end the script element") func scriptTag() {
        #expect(string("</script><script>alert(1)") == #""\u003c/script\u003e\u003cscript\u003ealert(1)""#)
    }

    @Test("an HTML comment opener is escaped") func comment() {
        #expect(string("<!--") == #""\u003c!--""#)
    }

    @Test("ampersands") func ampersand() {
        #expect(string("A & B") == #""A \u0026 B""#)
    }

    @Test("line and paragraph separators") func separators() {
        #expect(string("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
    }

    @Test("quotes and backslashes") func quotes() {
        #expect(string(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    }

    @Test("newlines and tabs") func whitespace() {
        #expect(string("a\nb\r\tc") == #""a\nb\r\tc""#)
    }

    @Test("other control characters") func controls() {
        #expect(string("a\u{0}b\u{1F}") == #""a\u0000b\u001f""#)
    }

    @Test("non-ASCII text is kept") func unicode() {
        #expect(string("Café 🗺️") == "\"Café 🗺️\"")
    }

    @Test("objects keep their key order") func objectOrder() {
        #expect(
            JSONWriter.encode(.object([("b", .int(1)), ("a", .bool(true)), ("c", .null)]))
                == #"{"b":1,"a":true,"c":null}"#)
    }

    @Test("arrays") func arrays() {
        #expect(JSONWriter.encode(.array([.int(1), .string("x"), .array([])])) == #"[1,"x",[]]"#)
    }

    @Test("keys are escaped") func keys() {
        #expect(JSONWriter.encode(.object([("</script>", .int(1))])) == #"{"\u003c/script\u003e":1}"#)
    }

    @Test("numbers in a document") func numberValue() {
        #expect(
            JSONWriter.encode(.array([.number(41.8819, decimals: 7), .number(-87.0, decimals: 7)]))
                == "[41.8819,-87]")
    }

    @Test(
        "number formatting",
        arguments: [
            (41.881900, 6, "41.8819"), (-87.6278, 7, "-87.6278"), (3, 7, "3"), (-3, 7, "-3"), (0, 7, "0"),
            (1.23456789, 7, "1.2345679"), (-0.00000001, 6, "0"), (-0.0, 6, "0"), (0.1 + 0.2, 7, "0.3"),
            (179.99, 6, "179.99"), (2.5, 0, "3"), (1e-7, 7, "0.0000001"), (123456789.125, 2, "123456789.13"),
        ])
    func format(number: Double, decimals: Int, text: String) {
        #expect(JSONWriter.format(number, decimals: decimals) == text)
    }

    @Test("numbers that JSON cannot hold are null", arguments: [Double.nan, .infinity, -.infinity])
    func notFinite(number: Double) {
        #expect(JSONWriter.format(number, decimals: 6) == "null")
    }
}

@Suite("JSONWriter streaming")
struct JSONWriterStreamingTests {
    @Test("nested objects and arrays get their commas, and the text equals the tree form")
    func nested() {
        var json = JSONWriter()
        json.beginObject()
        json.key("a")
        json.string("x</script>")
        json.key("list")
        json.beginArray()
        json.number(1.5, decimals: 2)
        json.beginObject()
        json.key("b")
        json.number(2, decimals: 0)
        json.endObject()
        json.beginArray()
        json.endArray()
        json.endArray()
        json.key("empty")
        json.beginObject()
        json.endObject()
        json.endObject()
        let tree = JSONWriter.encode(
            .object([
                ("a", .string("x</script>")),
                ("list", .array([.number(1.5, decimals: 2), .object([("b", .number(2, decimals: 0))]), .array([])])),
                ("empty", .object([])),
            ]))
        #expect(json.text == tree)
        #expect(json.text == #"{"a":"x\u003c/script\u003e","list":[1.5,{"b":2},[]],"empty":{}}"#)
    }
}
