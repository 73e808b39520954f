/// The position of an item: its section and its index inside the section. Ordered by
/// section, then item (the reading order of a collection).
public struct IndexPath: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    @inlinable public init(item: Int, section: Int) {
        self.section = section
        self.item = item
    }

    @inlinable public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    public var description: String { "[\(section), \(item)]" }
}
