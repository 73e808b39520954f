import Trellis

/// What went wrong between a collection view and its data source: an unregistered reuse
/// identifier, counts that contradict themselves, an index path out of range, an invalid
/// batch update. A struct with an extensible `code` and a message naming the identifier,
/// section and numbers involved (the swift-nio habit), so callers can switch on the code
/// and people can read the message.
public struct CollectionViewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of error. Extensible: new codes are new static members, not new cases.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String

        public init(_ name: String) { self.name = name }

        /// A cell or supplementary view was dequeued with an identifier never registered.
        public static let unregisteredReuseIdentifier = Code("unregisteredReuseIdentifier")
        /// The data source reported a negative number of sections or items.
        public static let invalidCount = Code("invalidCount")
        /// A batch update's counts before and after disagree with the data source, or an
        /// update names the same element twice.
        public static let invalidBatchUpdate = Code("invalidBatchUpdate")
        /// An index path or section lies outside the collection.
        public static let indexPathOutOfRange = Code("indexPathOutOfRange")
        /// The collection needs something from its data source that it did not provide
        /// (no data source at all, or no view for a supplementary kind the layout shows).
        public static let missingDataSource = Code("missingDataSource")
        /// A scroll position names two places along the scroll axis (top and bottom).
        public static let invalidScrollPosition = Code("invalidScrollPosition")

        public var description: String { name }
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

extension CollectionViewError {
    static func unregistered(_ identifier: String, kind: ElementKind, registered: some Sequence<String>) -> CollectionViewError {
        let known = registered.sorted()
        let list = known.isEmpty ? "none is registered" : "registered: " + known.map { "\"\($0)\"" }.joined(separator: ", ")
        let what = kind == .cell ? "cell" : "\(kind) view"
        return CollectionViewError(
            .unregisteredReuseIdentifier,
            "no \(what) is registered with reuse identifier \"\(identifier)\" (\(list))")
    }

    static func outOfRange(_ indexPath: IndexPath, counts: [Int], role: String) -> CollectionViewError {
        let where_ = indexPath.section >= 0 && indexPath.section < counts.count
            ? "section \(indexPath.section) has \(counts[indexPath.section]) items"
            : "the collection has \(counts.count) sections"
        return CollectionViewError(.indexPathOutOfRange, "\(role) index path \(indexPath) is out of range: \(where_)")
    }
}
