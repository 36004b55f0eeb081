import Testing
@testable import TerminalUI

/// TrackTable replaces a Dictionary on the Animator's hottest path; it must agree with one
/// through any run of inserts, updates and removals (removal shifts runs back, growth rehashes).
struct TrackTableTests {
    @Test(arguments: [1, 2, 3, 4])
    func agreesWithADictionary(seed: UInt64) {
        var random = KeyScriptFuzzTests.Generator(state: seed)
        // Few ids and names, so the same keys come back and runs of clashing homes form.
        let names = ["x", "y", "width", "height", "rotation", "presence", "spin", "bonus", "press", "p"]
        var table = TrackTable<Int>()
        var reference: [AnimationKey: Int] = [:]
        for step in 0..<20_000 {
            let key = AnimationKey(random.below(60), names[random.below(names.count)])
            switch random.below(10) {
            case 0..<5:
                table[key] = step
                reference[key] = step
            case 5..<8:
                #expect(table.removeValue(forKey: key) == reference.removeValue(forKey: key))
            default:
                table[key] = nil
                reference[key] = nil
            }
            #expect(table.count == reference.count)
            let probe = AnimationKey(random.below(60), names[random.below(names.count)])
            #expect(table[probe] == reference[probe])
        }
        for (key, value) in reference { #expect(table[key] == value) }
        #expect(table.elements.count == reference.count)
        for element in table.elements { #expect(reference[element.key] == element.value) }
    }
}
