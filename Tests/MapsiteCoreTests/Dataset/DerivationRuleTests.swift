import Testing

@testable import MapsiteCore

@Suite("Derivation rules")
struct DerivationRuleTests {
    @Test(
        "block: one address in, one block out",
        arguments: [
            ("1552 Walnut St", "1500 block of Walnut St"),
            ("7 N 3rd St", "0 block of N 3rd St"),
            ("1552-54 Walnut St", "1500 block of Walnut St"),
            ("1552–1554 Walnut St", "1500 block of Walnut St"),
            ("1552A Walnut St", "1500 block of Walnut St"),
            ("1552 1/2 Walnut St", "1500 block of Walnut St"),
            ("1552 ½ Walnut St", "1500 block of Walnut St"),
            ("99 Main St", "0 block of Main St"),
            ("100 Main St", "100 block of Main St"),
            ("12345 Main St", "12300 block of Main St"),
            ("0042 Elm St", "0 block of Elm St"),
            ("123456789012345678901234 Long Rd", "123456789012345678901200 block of Long Rd"),
            ("  1552   Walnut \t St  ", "1500 block of Walnut St"),
            ("1552 Walnut St, Philadelphia, PA 19102", "1500 block of Walnut St"),
            ("Walnut St", ""),
            ("Arthur Ave & E 187th St", ""),
            ("3rd St", ""),
            ("No. 12 Main St", ""),
            ("-12 Main St", ""),
            ("1552-A Walnut St", ""),
            ("1552", ""),
            ("1552 , Philadelphia", ""),
            ("١٥٥٢ Walnut St", ""),
            ("", ""),
            ("   ", ""),
        ])
    func block(address: String, block: String) {
        #expect(DerivationRule.block.apply(address) == block)
    }

    @Test(
        "upper, lower and first_word",
        arguments: [
            (DerivationRule.upper, " Walnut St ", "WALNUT ST"), (.upper, "Straße", "STRASSE"), (.upper, "", ""),
            (.lower, "Walnut St", "walnut st"), (.lower, "ÉTÉ", "été"),
            (.firstWord, "Traffic and trolleys", "Traffic"), (.firstWord, "  Bronx\tNY", "Bronx"),
            (.firstWord, " ", ""),
        ])
    func simple(rule: DerivationRule, value: String, derived: String) {
        #expect(rule.apply(value) == derived)
    }

    @Test("rules parse from their config names")
    func names() {
        #expect(DerivationRule(rawValue: "first_word") == .firstWord)
        #expect(DerivationRule.expected == "a rule: block, upper, lower, first_word")
    }
}
