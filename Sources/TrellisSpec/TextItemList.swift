/// The text items of a section: the text of each, by item index, kept in item order.
///
/// It reads like the dictionary it replaces (`texts[item]`, `texts[item] = "…"`, a
/// dictionary literal) but keeps two arrays in item order, which is how a document is read
/// and how its texts are measured: a decoder appends each text as it comes, and
/// ``LayoutDocument/measuringTextItems()`` walks them without hashing or sorting (a
/// dictionary of 100,000 texts, sorted by item before measuring, cost more than the
/// decoding of those items).
public struct TextItemList: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The item index of each text item, ascending.
    public private(set) var itemIndices: [Int] = []
    /// The text of each text item: `texts[k]` is the text of item `itemIndices[k]`.
    public private(set) var texts: [String] = []

    /// No text items.
    public init() {}

    /// Text items from `(item, text)` pairs; an item listed twice keeps its last text.
    ///
    /// - Parameter elements: item indices and their texts, in any order.
    public init(dictionaryLiteral elements: (Int, String)...) {
        for (item, text) in elements { self[item] = text }
    }

    /// Text items from pairs already in ascending item order, each item once.
    init(uniqueItemsWithTexts pairs: some Sequence<(key: Int, value: String)>) {
        for (item, text) in pairs { append(item: item, text: text) }
    }

    /// How many text items.
    public var count: Int { itemIndices.count }

    /// Whether there are none.
    public var isEmpty: Bool { itemIndices.isEmpty }

    /// The text of item `item`, or nil when it is not a text item; setting nil makes it
    /// none. Setting a text at a negative index is a programmer error (it stops the
    /// program, as an array index out of range does).
    ///
    /// - Parameter item: an item index.
    /// - Complexity: O(log n) to read; O(1) to add after the last text item, O(n) elsewhere.
    public subscript(item: Int) -> String? {
        get {
            let position = position(of: item)
            return position < itemIndices.count && itemIndices[position] == item ? texts[position] : nil
        }
        set {
            precondition(newValue == nil || item >= 0, "TextItemList: a text item's index must not be negative, not \(item)")
            if let newValue, itemIndices.last.map({ item > $0 }) ?? true {
                append(item: item, text: newValue)
                return
            }
            let position = position(of: item)
            let present = position < itemIndices.count && itemIndices[position] == item
            switch (present, newValue) {
            case (true, let text?): texts[position] = text
            case (true, nil):
                itemIndices.remove(at: position)
                texts.remove(at: position)
            case (false, let text?):
                itemIndices.insert(item, at: position)
                texts.insert(text, at: position)
            case (false, nil): break
            }
        }
    }

    /// Adds the text of `item`, which comes after every item already listed.
    mutating func append(item: Int, text: String) {
        precondition(itemIndices.last.map { $0 < item } ?? true, "text items are appended in ascending item order")
        itemIndices.append(item)
        texts.append(text)
    }

    /// Room for `count` text items in all.
    mutating func reserveCapacity(_ count: Int) {
        itemIndices.reserveCapacity(count)
        texts.reserveCapacity(count)
    }

    /// The first position whose item index is not below `item`.
    private func position(of item: Int) -> Int {
        var low = 0, high = itemIndices.count
        while low < high {
            let middle = (low + high) / 2
            if itemIndices[middle] < item { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The `(item, text)` pairs in item order.
    ///
    /// - Returns: an iterator over the pairs.
    public func makeIterator() -> Zip2Sequence<[Int], [String]>.Iterator {
        zip(itemIndices, texts).makeIterator()
    }
}
