import Testing
@testable import TerminalUI

/// A view's identity is a path whose hash is folded step by step (ViewID.swift). The graph's
/// tables trust that hash: equal paths made apart must hash alike in every table, and the paths a
/// page makes must not share one.
struct ViewIDTests {
    private func path(_ components: [ViewID.Component]) -> ViewID { ViewID(components) }

    @Test func equalPathsMadeApartAreEqualAndHashAlikeInEveryTable() {
        let components: [ViewID.Component] = [.index(0), .type(ViewType(Text.self)), .id(ViewID.ElementID(7)), .named("onAppear")]
        let a = path(components)
        let b = ViewID().appending(.index(0)).appending(.type(ViewType(Text.self))).appending(.id(ViewID.ElementID(7)))
            .appending(.named("onAppear"))
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        for seed in [0, 1, -1, 0x5eed, Int.max] {
            #expect(a._rawHashValue(seed: seed) == b._rawHashValue(seed: seed))
        }
        var table: [ViewID: Int] = [a: 1]
        table[b, default: 0] += 1
        #expect(table.count == 1 && table[a] == 2)
    }

    @Test func pathsThatDifferAnywhereAreDifferentIdentities() {
        let base: [ViewID.Component] = [.index(0), .branch(1), .id(ViewID.ElementID(3))]
        let variants: [[ViewID.Component]] = [
            [.index(1), .branch(1), .id(ViewID.ElementID(3))],
            [.index(0), .branch(2), .id(ViewID.ElementID(3))],
            [.index(0), .branch(1), .id(ViewID.ElementID(4))],
            [.index(0), .branch(1), .id(ViewID.ElementID("3"))],
            [.index(0), .branch(1)],
            [.index(0), .index(1), .id(ViewID.ElementID(3))],          // a block position is not a branch
            [.branch(1), .index(0), .id(ViewID.ElementID(3))],         // the same steps in another order
            [.index(0), .branch(1), .id(ViewID.ElementID(3)), .index(0)],
        ]
        for variant in variants { #expect(path(variant) != path(base), "\(variant)") }
        #expect(path([]) == ViewID())
        #expect(path([.index(0)]) != ViewID())
    }

    /// An element's id is held as an `Int` when it is one, however it was given; other ids keep
    /// their own type's equality.
    @Test func anElementsIdIsTheSameIdHoweverItWasGiven() {
        typealias ElementID = ViewID.ElementID
        #expect(ElementID(3) == ElementID(AnyHashable(3)))
        #expect(ElementID(3).int == 3 && ElementID(AnyHashable(3)).int == 3)
        #expect(ElementID("3") == ElementID(AnyHashable("3")))
        #expect(ElementID("3") != ElementID(3) && ElementID("3").int == nil)
        #expect(ElementID(3) != ElementID(4))
        #expect(path([.id(ElementID(3))]) == path([.id(ElementID(AnyHashable(3)))]))
        #expect(path([.id(ElementID("a"))]) == path([.id(ElementID(AnyHashable("a")))]))
        #expect(path([.id(ElementID("a"))]) != path([.id(ElementID("b"))]))
        #expect(ElementID(7).description == "7" && ElementID("x").description == "\(AnyHashable("x"))")
    }

    /// Every identity a large page could make (a hundred cards, each with its views and values
    /// under a few blocks and branches): no two share a hash, in the path or in a table's bucket
    /// spread, so a table's lookups stay short.
    @Test func aLargePagesIdentitiesAreAllDistinctAndSpreadOverATable() {
        var ids: [ViewID] = []
        for card in 0..<100 {
            let element = ViewID([.index(0), .type(ViewType(ZStack<EmptyView>.self)), .id(ViewID.ElementID(card))])
            for block in 0..<8 {
                let inBlock = element.appending(.index(block))
                ids.append(inBlock)
                for side in 0...2 { ids.append(inBlock.appending(.branch(side)).appending(.named("value"))) }
            }
        }
        #expect(Set(ids).count == ids.count)
        let buckets = 1 << 13
        let mask = buckets - 1
        for seed in [0, 12_345] {
            var used = Set<Int>()
            for id in ids { used.insert(id._rawHashValue(seed: seed) & mask) }
            // 3,200 keys thrown into 8,192 buckets at random fill about 2,700 of them.
            #expect(used.count > 2_500, "seed \(seed): \(used.count) buckets")
        }
    }
}
