#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Bionic)
import Bionic
#elseif canImport(Darwin)
import Darwin
#elseif canImport(WinSDK)
import WinSDK
#endif

/// State behind a mutual-exclusion lock at a stable address; never allocates after `init`
/// (the cache's hit path relies on it). The state is handed to the body `inout`, so
/// accesses inside are checked statically, not with a runtime exclusivity check per field
/// as a class's stored properties would be.
///
/// Why not `Synchronization.Mutex`: it needs macOS 15 / iOS 18 while the package declares
/// macOS 13 / iOS 16, and on Linux it is a futex that ThreadSanitizer does not understand
/// (a shared cache reported 52–67 false races a run through it). A pthread mutex (an
/// SRW lock on Windows) costs the same uncontended and is what TSan models.
final class Locked<State>: @unchecked Sendable {
    #if canImport(WinSDK)
    private let lock: UnsafeMutablePointer<SRWLOCK>
    #elseif os(WASI)
    // WebAssembly without threads: there is nothing to exclude.
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    // Only ever touched inside `withLock`, under the mutex: the dynamic exclusivity check a
    // class's stored property gets would only repeat what the lock guarantees.
    @exclusivity(unchecked) private var state: State

    init(_ state: State) {
        self.state = state
        #if canImport(WinSDK)
        lock = .allocate(capacity: 1)
        InitializeSRWLock(lock)
        #elseif os(WASI)
        #else
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if canImport(WinSDK)
        lock.deallocate()
        #elseif os(WASI)
        #else
        pthread_mutex_destroy(lock)
        lock.deallocate()
        #endif
    }

    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        #if canImport(WinSDK)
        AcquireSRWLockExclusive(lock)
        defer { ReleaseSRWLockExclusive(lock) }
        #elseif os(WASI)
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&state)
    }
}
