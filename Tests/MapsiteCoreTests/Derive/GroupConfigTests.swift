import Testing

@testable import MapsiteCore

/// The message of the error parsing a site with one dataset whose entry is `entry` (lines of keys,
/// from line 3 of the file on).
private func error(_ entry: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }
    let yaml = "datasets:\n  - source: a.csv\n" + lines.joined(separator: "\n")
    let error = #expect(throws: InputError.self, sourceLocation: sourceLocation) {
        try ConfigLoader.parse(yaml, file: "content/site.yml")
    }
    return error?.description
}

private let properties = """
    source: properties.csv
    fields:
      - name: assessed_value
        format: currency
      - zoning
    group_by: [block, zoning]
    aggregates:
      - field: assessed_value
        label: Assessed value
        format: currency
        stats: [count, median]
      - sale_price
    derived:
      - name: block
        from: address
        rule: block
    """

@Suite("Config: groups, aggregates, derived fields")
struct GroupConfigTests {
    @Test("the three keys parse")
    func parse() throws {
        let config = try TestDataset.config(properties)
        #expect(config.groupBy == ["block", "zoning"])
        #expect(
            config.aggregates == [
                .init(
                    field: "assessed_value", label: "Assessed value", format: .currency(symbol: "$"),
                    statistics: [.count, .median]),
                .init(
                    field: "sale_price", label: "Sale price", format: .number, statistics: Aggregate.Statistic.allCases),
            ])
        #expect(config.derived == [.init(name: "block", source: "address", rule: .block)])
    }

    @Test("kept fields: fields first, then the others once each")
    func keptFields() throws {
        let config = try TestDataset.config(properties)
        #expect(config.keptFields == ["assessed_value", "zoning", "block", "sale_price", "address"])
        #expect(try TestDataset.config("source: a.csv\nfields: [zip]").keptFields == ["zip"])
    }

    @Test("defaults: no groups, and a single field name for group_by and stats")
    func defaults() throws {
        let plain = try TestDataset.config("source: a.csv")
        #expect(plain.groupBy.isEmpty && plain.aggregates.isEmpty && plain.derived.isEmpty)
        let short = try TestDataset.config(
            "source: a.csv\ngroup_by: borough\naggregates:\n  - field: price\n    stats: median")
        #expect(short.groupBy == ["borough"])
        #expect(short.aggregates.first?.statistics == [.median])
    }

    @Test("derived values are computed as items are built, and can be chained")
    func derivedValues() throws {
        let yaml = """
            source: p.csv
            id: parcel
            item_title: "{address}"
            fields: [block, loud]
            derived:
              - name: block
                from: address
                rule: block
              - name: loud
                from: block
                rule: upper
            """
        let csv =
            "parcel,address,block,latitude,longitude\n1,1552 Walnut St,old block,39.9,-75.1\n2,Walnut St,,39.9,-75.1\n"
        let dataset = try TestDataset.load(csv, yaml)
        #expect(dataset.config.keptFields == ["block", "loud", "address"])
        #expect(
            dataset.items.map(\.values) == [
                ["1500 block of Walnut St", "1500 BLOCK OF WALNUT ST", "1552 Walnut St"], ["", "", "Walnut St"],
            ])
    }

    @Test("an unknown rule names the key and the line")
    func unknownRule() {
        #expect(
            error("derived:\n  - name: block\n    from: address\n    rule: blocks")
                == #"content/site.yml:6: key "datasets[0].derived[0].rule": expected a rule: block, upper, lower, first_word, found "blocks""#
        )
    }

    @Test(
        "derived-field mistakes",
        arguments: [
            (
                "derived:\n  - name: block\n    from: address",
                #"content/site.yml:4: key "datasets[0].derived[0].rule": expected a rule: block, upper, lower, first_word"#
            ),
            (
                "derived:\n  - name: block\n    from: block\n    rule: upper",
                #"content/site.yml:5: key "datasets[0].derived[0].from": expected the field "block" is computed from (another field), found "block""#
            ),
            (
                "derived:\n  - name: a\n    from: b\n    rule: upper\n  - name: b\n    from: address\n    rule: block",
                #"content/site.yml:5: key "datasets[0].derived[0].from": expected a field of the data or a derived field defined above, found "b""#
            ),
            (
                "derived:\n  - name: a\n    from: x\n    rule: upper\n  - name: a\n    from: y\n    rule: lower",
                #"content/site.yml:7: key "datasets[0].derived[1].name": expected a name no other derived field has, found "a""#
            ),
            (
                "derived:\n  - name: a\n    form: x\n    rule: upper",
                #"content/site.yml:5: key "datasets[0].derived[0]": expected one of name, from, rule, found "form""#
            ),
            (
                "derived: block",
                #"content/site.yml:3: key "datasets[0].derived": expected a list, found "block""#
            ),
        ])
    func derivedErrors(entry: String, message: String) {
        #expect(error(entry) == message)
    }

    @Test(
        "aggregate mistakes",
        arguments: [
            (
                "aggregates:\n  - field: price\n    stats: [count, mode]",
                #"content/site.yml:5: key "datasets[0].aggregates[0].stats": expected one or more of count, sum, min, max, mean, median, found "mode""#
            ),
            (
                "aggregates:\n  - field: price\n    stats: []",
                #"content/site.yml:5: key "datasets[0].aggregates[0].stats": expected one or more of count, sum, min, max, mean, median, found "a list""#
            ),
            (
                "aggregates:\n  - field: price\n    stats: [sum, sum]",
                #"content/site.yml:5: key "datasets[0].aggregates[0].stats": expected each statistic once, found "sum""#
            ),
            (
                "aggregates:\n  - label: Price",
                #"content/site.yml:4: key "datasets[0].aggregates[0].field": expected the name of a numeric field"#
            ),
            (
                "aggregates:\n  - field: price\n    format: percent",
                #"content/site.yml:5: key "datasets[0].aggregates[0].format": expected text, number, currency or currency <symbol> (e.g. "currency €"), found "percent""#
            ),
            (
                "aggregates:\n  - field: price\n    stat: [sum]",
                #"content/site.yml:5: key "datasets[0].aggregates[0]": expected one of field, label, format, stats, found "stat""#
            ),
            (
                "aggregates:\n  - price\n  - field: price",
                #"content/site.yml:5: key "datasets[0].aggregates[1].field": expected each field once in aggregates, found "price""#
            ),
        ])
    func aggregateErrors(entry: String, message: String) {
        #expect(error(entry) == message)
    }

    @Test(
        "group_by mistakes",
        arguments: [
            (
                "group_by: [borough, folder, borough]",
                #"content/site.yml:3: key "datasets[0].group_by": expected each field once, found "borough""#
            ),
            (
                "group_by:\n  - borough\n  - {field: folder}",
                #"content/site.yml:5: key "datasets[0].group_by": expected a field name, or a list of field names, found "a mapping""#
            ),
            (
                "group_by: ''",
                #"content/site.yml:3: key "datasets[0].group_by": expected a field name, or a list of field names, found """#
            ),
        ])
    func groupByErrors(entry: String, message: String) {
        #expect(error(entry) == message)
    }
}
