import MapsiteGeo

/// Random mustache templates over a few names, to render two ways and compare: text, variables
/// (escaped or not; a name, a dotted pair or `.`) and sections (shown or inverted), nested up to
/// `depth` levels.
struct RandomTemplates {
    let names: [String]
    let depth: Int

    func path(using random: inout SplitMix64) -> String {
        let first = Int.random(in: 0..<8, using: &random) == 0 ? "." : names.randomElement(using: &random)!
        if first != ".", Bool.random(using: &random) { return first + "." + names.randomElement(using: &random)! }
        return first
    }

    func source(using random: inout SplitMix64, level: Int = 0) -> String {
        (0..<Int.random(in: 1..<4, using: &random)).map { _ in
            switch Int.random(in: 0..<(level > depth ? 3 : 6), using: &random) {
            case 0: return "|"
            case 1: return "{{\(path(using: &random))}}"
            case 2: return "{{{\(path(using: &random))}}}"
            default:
                let name = path(using: &random)
                let kind = Bool.random(using: &random) ? "#" : "^"
                return "{{\(kind)\(name)}}\(source(using: &random, level: level + 1)){{/\(name)}}"
            }
        }.joined()
    }
}
