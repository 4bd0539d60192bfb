import Testing

@testable import MapsiteCore

@Suite("TextInterner")
struct TextInternerTests {
    @Test("texts are numbered in the order first met; a text met again keeps its number")
    func numbering() {
        var numbers = TextInterner()
        let texts = ["walnut", "st", "", "walnut", "Café", "st", "café", ""]
        let results = texts.map { numbers.number(of: $0) }
        #expect(results.map(\.number) == [0, 1, 2, 0, 3, 1, 4, 2])
        #expect(results.map(\.isNew) == [true, true, true, false, true, false, true, false])
        #expect(numbers.count == 5)
        #expect((0..<numbers.count).map { numbers.texts[$0] } == ["walnut", "st", "", "Café", "café"])
    }

    @Test("many texts, past several growths of the table, each keep their number")
    func growth() {
        var numbers = TextInterner()
        for index in 0..<5_000 { #expect(numbers.number(of: "t\(index)") == (Int32(index), true)) }
        for index in stride(from: 4_999, through: 0, by: -7) {
            #expect(numbers.number(of: "t\(index)") == (Int32(index), false))
        }
        #expect(numbers.count == 5_000)
    }
}
