#if os(Linux)
import Synchronization

/// State behind a mutual-exclusion lock; never allocates after `init` (the cache's hit
/// path relies on it). On Linux a `Synchronization.Mutex` (a futex: one atomic operation
/// to lock and one to unlock when uncontended). The state is handed to the body `inout`,
/// so accesses inside are checked statically, not with a runtime exclusivity check per
/// field as a class's stored properties would be.
final class Locked<State>: @unchecked Sendable {
    private let mutex: Mutex<State>

    init(_ state: sending State) {
        mutex = Mutex(state)
    }

    @inline(__always)
    func withLock<R: Sendable>(_ body: (inout State) -> R) -> R {
        mutex.withLock { body(&$0) }
    }
}
#else
import Darwin

/// State behind a pthread mutex at a stable address (`Synchronization.Mutex` needs
/// macOS 15; the package declares macOS 13).
final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func withLock<R: Sendable>(_ body: (inout State) -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body(&state)
    }
}
#endif
