import Trellis

/// What makes a registration's reuse identifier unique: the identity of an object the
/// registration (and the factory it installs) keeps alive, so it cannot be reused.
final class RegistrationToken {
    func reuseIdentifier(for type: Any.Type) -> String {
        "\(type)#" + String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16)
    }
}

extension CollectionView {
    /// A typed cell registration (`UICollectionView.CellRegistration`): the cell class and
    /// the closure that configures it with an item. Make it once (outside the cell
    /// provider) and dequeue with `dequeueConfiguredReusableCell(using:for:item:)`; the
    /// cell class is registered with the collection view on first use, under a reuse
    /// identifier of its own, so string identifiers and registrations live side by side.
    /// The same handler configures prototype (sizing) cells
    /// (`prototypeCell(using:for:item:)`), which see `isPrototype == true`.
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) -> Void

        let handler: Handler
        private let token = RegistrationToken()

        /// The reuse identifier the cell class is registered under (unique to this
        /// registration).
        public var reuseIdentifier: String { token.reuseIdentifier(for: Cell.self) }

        public init(handler: @escaping Handler) {
            self.handler = handler
        }

        /// Registers the cell class under `reuseIdentifier` unless done already.
        func register(in collectionView: CollectionView) -> String {
            let identifier = reuseIdentifier
            if collectionView.reuse.cellTemplates[identifier] == nil {
                let token = self.token  // kept alive by the factory: the identifier stays unique
                collectionView.register(forCellWithReuseIdentifier: identifier) {
                    withExtendedLifetime(token) { Cell() }
                }
            }
            return identifier
        }
    }

    /// A typed supplementary view registration (`UICollectionView.SupplementaryRegistration`):
    /// the view class, the element kind it serves and the closure that configures it.
    /// Registered with the collection view on first use.
    ///
    /// Differs from UIKit: the kind is an `ElementKind` (`.header`, `.footer`,
    /// `.supplementary("badge")`), not a string, as everywhere in Trellis.
    public struct SupplementaryRegistration<Supplementary: ReusableView> {
        public typealias Handler = (_ supplementaryView: Supplementary, _ elementKind: ElementKind, _ indexPath: IndexPath) -> Void

        public let elementKind: ElementKind
        let handler: Handler
        private let token = RegistrationToken()

        /// The reuse identifier the view class is registered under for `elementKind`.
        public var reuseIdentifier: String { token.reuseIdentifier(for: Supplementary.self) }

        public init(elementKind: ElementKind, handler: @escaping Handler) {
            precondition(
                elementKind.category == .supplementaryView, "a supplementary registration needs a supplementary kind, not \(elementKind)")
            self.elementKind = elementKind
            self.handler = handler
        }

        func register(in collectionView: CollectionView) -> String {
            let identifier = reuseIdentifier
            if collectionView.reuse.supplementaryTemplates[elementKind]?[identifier] == nil {
                let token = self.token
                collectionView.register(forSupplementaryViewOfKind: elementKind, withReuseIdentifier: identifier) {
                    withExtendedLifetime(token) { Supplementary() }
                }
            }
            return identifier
        }
    }

    // MARK: Dequeuing with registrations

    /// A cell of the registration's class, recycled or new, configured by its handler with
    /// `item` (`dequeueConfiguredReusableCell(using:for:item:)`).
    ///
    /// Differs from UIKit: throws what `dequeueReusableCell(withReuseIdentifier:for:)`
    /// throws (an index path outside the collection) instead of raising an exception, and
    /// `item` is not optional.
    /// - Complexity: O(1) amortized, plus the handler.
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
    ) throws -> Cell {
        let identifier = registration.register(in: self)
        let cell = try dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath) as! Cell  // its factory makes Cells
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// A supplementary view of the registration's class and kind, recycled or new,
    /// configured by its handler.
    /// - Throws: `indexPathOutOfRange` for a section outside the collection.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) throws -> Supplementary {
        let identifier = registration.register(in: self)
        let view = try dequeueReusableSupplementaryView(
            ofKind: registration.elementKind, withReuseIdentifier: identifier, for: indexPath) as! Supplementary
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    // MARK: Prototype (sizing) cells with registrations

    /// The registration's off-screen sizing cell, configured for `item` by the same handler
    /// that configures displayed cells (after `prepareForReuse()`); `isPrototype` is true,
    /// so the handler may skip drawing-only work. Never displayed.
    public func prototypeCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
    ) throws -> Cell {
        let cell = try prototypeCell(withReuseIdentifier: registration.register(in: self)) as! Cell  // its factory makes Cells
        cell.prepareForReuse()
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// The size of `item` for `proposal`, measured with the registration's prototype cell
    /// and cached by the item's identity (the data source's `identifierForItemAt`: a
    /// diffable data source's item identifier), the proposal and the traits — the route to
    /// a size for a delegate's `sizeForItemAt` before the item is displayed.
    /// - Complexity: O(1) on a cache hit; one fitting on a miss.
    public func prototypeSize<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item, proposal: FittingProposal
    ) throws -> Size {
        try cachedSize(forItemAt: indexPath, proposal: proposal) {
            try prototypeCell(using: registration, for: indexPath, item: item).fittingSize(for: proposal)
        }
    }
}
