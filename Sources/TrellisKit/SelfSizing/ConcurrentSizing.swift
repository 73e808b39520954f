import Trellis

/// How ``CollectionView/contentSize(forWidth:)`` measures the items of a prototype data
/// source on several threads at once.
///
/// Views are not thread-safe, so each thread gets prototype cells of its own, made by
/// ``makePrototype`` and configured by ``configure`` on that thread: both are `@Sendable`,
/// so the compiler checks that they only read what may be shared (the model, a shared
/// `TextMeasurer`), never the collection view or its data source. Everything else — the
/// reuse identifier of each item, its identity for the size cache, the room the layout
/// offers it — is asked on the calling thread before the threads start, and the sizes are
/// handed to the size cache and the layout on the calling thread, in item order.
///
/// The sizes are bit for bit those of one thread when a prototype's size depends only on
/// how it was configured (not on what it measured before): then the result cannot depend
/// on which thread measured which item. Configure exactly as the data source's
/// `collectionView(_:configure:forItemAt:isPrototype:)` does with `isPrototype: true`.
///
/// ```swift
/// let rows = model.rows                                  // a Sendable copy of the model
/// collection.concurrentSizing = ConcurrentSizing(
///     makePrototype: { _ in TagRowCell() },
///     configure: { cell, indexPath in (cell as! TagRowCell).configure(rows[indexPath.item]) })
/// let height = try collection.contentSize(forWidth: 375).height
/// ```
public struct ConcurrentSizing: Sendable {
    /// The most threads measuring at once, the calling one included.
    public var threadCount: Int
    /// Makes a prototype cell for a reuse identifier (on the thread that will use it).
    public var makePrototype: @Sendable (_ reuseIdentifier: String) -> CollectionViewCell
    /// Configures a prototype for the item at an index path, as the data source would.
    public var configure: @Sendable (_ cell: CollectionViewCell, _ indexPath: IndexPath) -> Void
    /// Runs `body(0)`, `body(1)` … `body(iterations - 1)` on several threads and returns
    /// when all have returned (for example `DispatchQueue.concurrentPerform`, whose threads
    /// are kept between calls, so per-thread caches of a text backend stay warm). Nil:
    /// threads made for each measurement.
    public var executor: (@Sendable (_ iterations: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void)?

    /// Fewer items than this per thread are measured on the calling thread alone: a
    /// thread and its prototypes cost more than they save.
    public var minimumItemsPerThread = 64

    /// Concurrent measuring with prototypes made by `makePrototype` and configured by
    /// `configure`.
    ///
    /// - Parameters:
    ///   - threadCount: the most threads at once, the calling one included (default: the
    ///     processors available to the process, at least 1).
    ///   - executor: runs the iterations on threads of its own (nil: threads made per call).
    ///   - makePrototype: makes a prototype cell for a reuse identifier.
    ///   - configure: configures a prototype for the item at an index path.
    public init(
        threadCount: Int = ConcurrentSizing.availableProcessors,
        executor: (@Sendable (_ iterations: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void)? = nil,
        makePrototype: @escaping @Sendable (_ reuseIdentifier: String) -> CollectionViewCell,
        configure: @escaping @Sendable (_ cell: CollectionViewCell, _ indexPath: IndexPath) -> Void
    ) {
        self.threadCount = max(1, threadCount)
        self.executor = executor
        self.makePrototype = makePrototype
        self.configure = configure
    }

    /// The processors this process may run on (at least 1).
    public static var availableProcessors: Int { ParallelRuns.availableProcessors }

    /// Measures `jobs` (in order) and returns their sizes in the same order.
    func measure(_ jobs: [SizingJob], traits: TraitCollection) -> [Size] {
        let threads = max(1, min(threadCount, jobs.count / max(1, minimumItemsPerThread)))
        let makePrototype = makePrototype, configure = configure
        // Contiguous runs, so neighbouring items share a run's prototypes.
        return parallelMap(jobs, threads: threads, minimumRun: 1, executor: executor,
                           makeWorker: { [String: CollectionViewCell]() }) { prototypes, job in
            let cell: CollectionViewCell
            if let made = prototypes[job.reuseIdentifier] {
                cell = made
            } else {
                cell = makePrototype(job.reuseIdentifier)
                cell.reuseIdentifier = job.reuseIdentifier
                cell.isPrototype = true
                if cell.traitCollection != traits { cell.overrideTraitCollection = traits }
                prototypes[job.reuseIdentifier] = cell
            }
            cell.prepareForReuse()
            configure(cell, job.attributes.indexPath)
            return CollectionView.sanitized(cell.preferredLayoutAttributesFitting(job.attributes, proposal: job.proposal).size)
        }
    }
}

/// One item to measure: what its prototype is, where the layout has it and the room it
/// offers.
struct SizingJob: Sendable {
    var reuseIdentifier: String
    var attributes: LayoutAttributes
    var proposal: FittingProposal
}
