#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `runs` pieces of work on up to `threads` threads and returns when all are done:
/// the calling thread takes runs 0, T, 2T …, and T − 1 POSIX threads made for the call take
/// the others in the same fixed pattern, so which thread does which run never depends on
/// timing. The pure core cannot use Dispatch, so these are plain pthreads; a program that
/// has a thread pool passes its own executor (``ConcurrentSizing/executor``) instead.
///
/// On a platform without POSIX threads (Windows, WebAssembly) the runs go one after the
/// other on the calling thread.
enum ParallelRuns {
    static func perform(runs: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let threads = max(1, min(threads, runs))
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(Darwin)
        if threads > 1 {
            var started: [pthread_t] = []
            for first in 1..<threads {
                let work = Unmanaged.passRetained(ThreadWork {
                    for run in stride(from: first, to: runs, by: threads) { body(run) }
                }).toOpaque()
                #if canImport(Darwin)
                var thread: pthread_t?
                #else
                var thread = pthread_t()
                #endif
                let status = pthread_create(&thread, nil, { raw in
                    guard let raw else { return nil }
                    Unmanaged<ThreadWork>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, work)
                if status == 0 {
                    #if canImport(Darwin)
                    started.append(thread!)
                    #else
                    started.append(thread)
                    #endif
                } else {
                    // No thread to be had (a resource limit): do its runs here.
                    Unmanaged<ThreadWork>.fromOpaque(work).takeRetainedValue().body()
                }
            }
            for run in stride(from: 0, to: runs, by: threads) { body(run) }
            for thread in started { pthread_join(thread, nil) }
            return
        }
        #endif
        for run in 0..<runs { body(run) }
    }

    /// The work handed to a new thread through its `void *` argument.
    private final class ThreadWork {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// Where the threads of a parallel measurement put their results: each run writes only the
/// slots of its own items, and the buffer is read after every run has finished
/// (``ParallelRuns/perform(runs:threads:_:)`` returns after joining its threads), so no
/// two threads ever touch the same slot and no read overlaps a write. That is why it is
/// `@unchecked Sendable`.
final class ParallelResults<Element>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Element>

    init(repeating value: Element, count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: value)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    subscript(index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    var count: Int { storage.count }
}

/// How many processors the process may use.
enum ProcessorCount {
    static var available: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Bionic) || canImport(Darwin)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
