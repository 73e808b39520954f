import Testing
import Trellis
@testable import TrellisSpec

/// `TextItemList`: a section's texts by item index, kept in item order whatever order they
/// are set in, read and written like the dictionary it replaced.
@Suite struct TextItemListTests {
    @Test func textsSetInAnyOrderAreKeptInItemOrder() {
        var list = TextItemList()
        list[7] = "g"
        list[2] = "b"
        list[9] = "i"
        list[0] = "a"
        list[5] = "e"
        #expect(list.itemIndices == [0, 2, 5, 7, 9])
        #expect(list.texts == ["a", "b", "e", "g", "i"])
        #expect(list.map { $0.0 } == [0, 2, 5, 7, 9])
        #expect(list == [9: "i", 0: "a", 7: "g", 5: "e", 2: "b"])
    }

    /// An item index is never negative: a text set there would be written before the
    /// section's items when they are measured (`measuringTextItems`).
    @Test func aTextAtANegativeIndexIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            var list = TextItemList()
            list[-1] = "before the first item"
        }
        var list: TextItemList = [0: "a"]
        list[-1] = nil  // removing what is not there stays a no-op
        #expect(list == [0: "a"])
    }

    @Test func readingReplacingAndRemoving() {
        var list: TextItemList = [1: "one", 3: "three", 4: "four"]
        #expect(list[1] == "one" && list[3] == "three" && list[4] == "four")
        #expect(list[0] == nil && list[2] == nil && list[5] == nil && list[-1] == nil)
        list[3] = "THREE"
        list[1] = nil
        list[2] = nil  // not a text item: nothing to remove
        #expect(list == [3: "THREE", 4: "four"])
        #expect(list.count == 2 && !list.isEmpty)
        list[3] = nil
        list[4] = nil
        #expect(list.isEmpty && list == TextItemList())
    }

    /// The decoder appends texts in item order; text and sized items mix.
    @Test func aDecodedSectionListsItsTextItemsInOrder() throws {
        let document = try LayoutDocument.decode(#"""
        {"width": 300, "sections": [{"items": [{"text": "a"}, {"width": 5, "height": 5}, {"text": "c"}, {"text": "d"}]},
                                    {"items": [{"width": 5, "height": 5}]}]}
        """#)
        #expect(document.sections[0].texts == [0: "a", 2: "c", 3: "d"])
        #expect(document.sections[0].texts[1] == nil)
        #expect(document.sections[1].texts.isEmpty)
        let measured = document.measuringTextItems()
        #expect(measured.sections[0].items[1].size == Size(width: 5, height: 5))
        #expect(measured.sections[0].items[0].size.width > 0 && measured.sections[0].items[3].size.width > 0)
    }
}
