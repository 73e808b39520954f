#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// `transform` applied to every element on up to `threads` threads, in contiguous runs of
/// elements: the results come back in the order of `elements`, so the output does not
/// depend on which thread did what — only on `transform` being a pure function of its
/// element (and of state of its own thread that gives the same answers, as a text
/// measurer's per-thread objects do). The one way Trellis spreads work over threads: the
/// collection view's concurrent sizing, `trellis layout`'s text items and `trellis measure`
/// all go through it.
///
/// `makeWorker` is called once per run, on the run's thread, and its result is handed to
/// every `transform` of that run: the place for objects that must not be shared between
/// threads, such as a sizing cell.
///
/// The elements are cut into at most eight runs per thread (more runs than threads, so a
/// thread slowed by other work on the machine holds up less at the end), each of at least
/// `minimumRun` elements. The pure core cannot use Dispatch, so the threads are POSIX
/// threads made for the call (see ``ParallelRuns``), unless `executor` runs the runs on a
/// pool of its own (such as `DispatchQueue.concurrentPerform`, whose threads are kept
/// between calls, so per-thread caches of a text backend stay warm).
///
/// - Parameters:
///   - elements: what to transform.
///   - threads: the most threads at once, the calling one included (1: everything on the
///     calling thread, in order).
///   - minimumRun: the fewest elements a run gets (fewer runs, and threads, for short inputs).
///   - executor: runs `body(0)` … `body(iterations - 1)` on threads of its own and returns
///     when all have returned; nil: ``ParallelRuns/perform(runs:threads:_:)``.
///   - makeWorker: makes the per-run state, on the run's thread.
///   - transform: the result for one element, given the run's state.
/// - Returns: `transform` of each element, in the order of `elements`.
/// - Complexity: O(n) calls of `transform`, spread over the threads.
package func parallelMap<Element: Sendable, Worker, Result: Sendable>(
    _ elements: [Element], threads: Int = ParallelRuns.availableProcessors, minimumRun: Int = 256,
    executor: (@Sendable (_ iterations: Int, _ body: @escaping @Sendable (Int) -> Void) -> Void)? = nil,
    makeWorker: @escaping @Sendable () -> Worker, _ transform: @escaping @Sendable (inout Worker, Element) -> Result
) -> [Result] {
    let count = elements.count
    let threads = max(1, threads)
    let runs = threads == 1 ? 1 : max(1, min(threads * 8, count / max(1, minimumRun)))
    return [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
        let output = RunOutput(buffer: buffer)
        let transformRun: @Sendable (Int) -> Void = { run in
            let start = count * run / runs, end = count * (run + 1) / runs
            guard start < end else { return }
            var worker = makeWorker()
            for index in start..<end { output.initialize(index, to: transform(&worker, elements[index])) }
        }
        if runs == 1 {
            transformRun(0)
        } else if let executor {
            executor(runs, transformRun)
        } else {
            ParallelRuns.perform(runs: runs, threads: threads, transformRun)
        }
        // Every run has returned, and together the runs initialized each slot once.
        initializedCount = count
    }
}

/// ``parallelMap(_:threads:minimumRun:executor:makeWorker:_:)`` without per-run state.
///
/// - Parameters:
///   - elements: what to transform.
///   - threads: the most threads at once, the calling one included.
///   - minimumRun: the fewest elements a run gets.
///   - transform: the result for one element.
/// - Returns: `transform` of each element, in the order of `elements`.
/// - Complexity: O(n) calls of `transform`, spread over the threads.
package func parallelMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], threads: Int = ParallelRuns.availableProcessors, minimumRun: Int = 256,
    _ transform: @escaping @Sendable (Element) -> Result
) -> [Result] {
    parallelMap(elements, threads: threads, minimumRun: minimumRun, makeWorker: {}) { _, element in transform(element) }
}

/// The uninitialized result array the runs of ``parallelMap(_:threads:minimumRun:executor:makeWorker:_:)``
/// write to: each run initializes only the slots of its own elements, and the array is
/// handed out only after every run has returned (``ParallelRuns/perform(runs:threads:_:)``
/// joins its threads; an executor returns when all iterations have), so no two threads
/// ever touch the same slot and no read overlaps a write. That is why it is
/// `@unchecked Sendable`.
private struct RunOutput<Result>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result>

    @inline(__always)
    func initialize(_ index: Int, to value: Result) {
        (buffer.baseAddress! + index).initialize(to: value)
    }
}

/// Runs `runs` pieces of work on up to `threads` threads and returns when all are done.
/// The calling thread and T − 1 POSIX threads made for the call each take the next run not
/// yet taken until none is left, so a thread that starts late (a new thread first sets up
/// its per-thread state, such as a text backend's font map) or is slowed by other work on
/// the machine leaves its share to the others instead of holding up the end. Which thread
/// does which run therefore depends on timing; what a run computes must not (the results
/// of ``parallelMap(_:threads:minimumRun:executor:makeWorker:_:)`` are placed by index).
/// The pure core cannot use Dispatch, so these are plain pthreads and the next run is
/// handed out under a pthread mutex (a handful of runs per thread: the lock is cheap); a
/// program that has a thread pool passes its own executor to `parallelMap` instead.
///
/// On a platform without POSIX threads (Windows, WebAssembly) the runs go one after the
/// other on the calling thread.
package enum ParallelRuns {
    /// Calls `body(run)` for every run in `0..<runs`, on up to `threads` threads (the
    /// calling one included), and returns when every call has returned.
    ///
    /// - Parameters:
    ///   - runs: how many pieces of work.
    ///   - threads: the most threads at once (1: all on the calling thread, in order).
    ///   - body: one piece of work, given its number.
    package static func perform(runs: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let threads = max(1, min(threads, runs))
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(Darwin)
        if threads > 1 {
            let queue = RunQueue(count: runs)
            let work: @Sendable () -> Void = {
                while let run = queue.next() { body(run) }
            }
            var started: [pthread_t] = []
            for _ in 1..<threads {
                let context = Unmanaged.passRetained(ThreadWork(work)).toOpaque()
                // The C libraries differ: glibc's and Bionic's `pthread_t` is an integer and
                // `pthread_create` writes a `pthread_t`; Darwin's and musl's is a pointer
                // and it writes a `pthread_t?`.
                #if canImport(Glibc) || canImport(Bionic)
                var thread = pthread_t()
                #else
                var thread: pthread_t? = nil
                #endif
                // The start routine's argument is `UnsafeMutableRawPointer?` in glibc's
                // header and non-optional in Darwin's: widening it to an optional and
                // unwrapping reads the same on both. It is never nil: it is `context`.
                let status = pthread_create(&thread, nil, { raw in
                    Unmanaged<ThreadWork>.fromOpaque((raw as UnsafeMutableRawPointer?)!).takeRetainedValue().body()
                    return nil
                }, context)
                if status == 0 {
                    #if canImport(Glibc) || canImport(Bionic)
                    started.append(thread)
                    #else
                    started.append(thread!)
                    #endif
                } else {
                    // No thread to be had (a resource limit): the threads there are take
                    // its runs.
                    Unmanaged<ThreadWork>.fromOpaque(context).release()
                }
            }
            work()
            for thread in started { pthread_join(thread, nil) }
            return
        }
        #endif
        for run in 0..<runs { body(run) }
    }

    /// How many processors the process may use (at least 1): the default thread count.
    package static var availableProcessors: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }

    /// The work handed to a new thread through its `void *` argument.
    private final class ThreadWork {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(Darwin)
/// The runs not yet taken, handed out in order under a mutex.
private final class RunQueue: @unchecked Sendable {
    private let count: Int
    // Only read and written with `lock` held.
    private var taken = 0
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init(count: Int) {
        self.count = count
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// The next run, or nil when every run is taken.
    func next() -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard taken < count else { return nil }
        taken += 1
        return taken - 1
    }
}
#endif
