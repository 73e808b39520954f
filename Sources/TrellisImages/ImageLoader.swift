import CGdkPixbuf
import Foundation
import TrellisKit

/// Loads images off the main thread and delivers them on it: requests wait in a queue
/// (urgent ones — items on screen — first, then in the order asked), worker threads of a
/// GLib thread pool decode them, and each result is handed to `onLoad` from GLib's default
/// main context (an idle source), the thread that runs the GTK main loop. A cancelled
/// request is dropped from the queue, or its result discarded when it was being decoded.
///
/// Main-thread confined, like the GTK widget it feeds: call `load`, `cancel` and set
/// `onLoad` from the thread that iterates the default main context.
public final class ImageLoader<Key: Hashable & Sendable> {
    /// One image to decode.
    public struct Request: Sendable {
        public var key: Key
        public var path: String
        /// The width to decode at, in pixels (the image is not enlarged beyond its own).
        public var pixelWidth: Int
        /// Pixels per point of the result.
        public var scale: Double

        public init(key: Key, path: String, pixelWidth: Int, scale: Double = 1) {
            self.key = key
            self.path = path
            self.pixelWidth = pixelWidth
            self.scale = scale
        }
    }

    /// Turns a request into an image; runs on a worker thread.
    public typealias Decode = @Sendable (Request) throws -> Image

    /// Called on the main thread with each result not cancelled.
    public var onLoad: ((Key, Result<Image, ImageError>) -> Void)?

    private let queue: WorkQueue<Key>
    private let pool: OpaquePointer

    /// A loader decoding on `threads` worker threads with `decode` (by default gdk-pixbuf,
    /// scaled while decoding).
    public init(threads: Int = 2, decode: @escaping Decode = { try PixbufCodec.decode(file: $0.path, pixelWidth: $0.pixelWidth, scale: $0.scale) }) {
        precondition(threads > 0, "an image loader needs at least one thread")
        let queue = WorkQueue<Key>(decode: decode)
        self.queue = queue
        var error: UnsafeMutablePointer<GError>?
        guard let pool = g_thread_pool_new(
            { _, context in WorkQueueRunner.fromContext(context).runOne() },
            Unmanaged.passUnretained(queue.runner).toOpaque(), Int32(threads), 0, &error)
        else { fatalError("GLib could not make a thread pool: \(error.map { String(cString: $0.pointee.message) } ?? "no reason")") }
        self.pool = OpaquePointer(pool)
        queue.deliver = { [weak self] key, result in self?.delivered(key, result) }
    }

    deinit {
        queue.cancelAll()
        // Waits for the decodes under way; their deliveries find the loader gone.
        g_thread_pool_free(UnsafeMutablePointer(pool), 1, 1)
    }

    /// Queues `request` unless its key is queued or being decoded already; an urgent one
    /// (an item on screen) goes ahead of the others, and makes a queued one urgent.
    public func load(_ request: Request, urgent: Bool = false) {
        guard queue.enqueue(request, urgent: urgent) else { return }
        g_thread_pool_push(UnsafeMutablePointer(pool), UnsafeMutableRawPointer(bitPattern: 1), nil)
    }

    /// Drops the request for `key`: from the queue, or its result once decoded.
    public func cancel(_ key: Key) { queue.cancel(key) }

    /// Whether `key` is queued or being decoded.
    public func isLoading(_ key: Key) -> Bool { queue.isLoading(key) }

    /// Requests queued or being decoded.
    public var outstandingCount: Int { queue.outstandingCount }

    private func delivered(_ key: Key, _ result: Result<Image, ImageError>) {
        onLoad?(key, result)
    }
}

/// The non-generic face of a work queue, for GLib's C callbacks (a C function pointer
/// cannot capture a generic parameter).
final class WorkQueueRunner: @unchecked Sendable {
    let runOne: @Sendable () -> Void
    init(runOne: @escaping @Sendable () -> Void) { self.runOne = runOne }

    static func fromContext(_ context: UnsafeMutableRawPointer?) -> WorkQueueRunner {
        Unmanaged<WorkQueueRunner>.fromOpaque(context!).takeUnretainedValue()
    }
}

/// A closure to run once on the main context, boxed for `g_idle_add_full`.
private final class MainContextCall {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Runs `body` on the thread iterating GLib's default main context. `g_idle_add_full`,
/// not `g_main_context_invoke`: invoked from a worker while no thread owns the context,
/// the latter would run `body` on the worker.
func onMainContext(_ body: @escaping () -> Void) {
    let call = Unmanaged.passRetained(MainContextCall(body)).toOpaque()
    g_idle_add_full(
        G_PRIORITY_DEFAULT,
        { context in
            Unmanaged<MainContextCall>.fromOpaque(context!).takeRetainedValue().body()
            return 0  // G_SOURCE_REMOVE
        }, call, nil)
}

/// The requests and their state, shared by the main thread and the workers under a lock.
/// Invariant: a key is at most once in `queued ∪ decoding`; `cancelledWhileDecoding` is a
/// subset of `decoding`.
final class WorkQueue<Key: Hashable & Sendable>: @unchecked Sendable {
    typealias Request = ImageLoader<Key>.Request
    private let lock = NSLock()
    private var urgent: [Request] = []
    private var normal: [Request] = []
    private var queued: Set<Key> = []
    private var decoding: Set<Key> = []
    private var cancelledWhileDecoding: Set<Key> = []
    private let decode: ImageLoader<Key>.Decode
    /// Set once by the loader, before any request.
    nonisolated(unsafe) var deliver: ((Key, Result<Image, ImageError>) -> Void)?
    private(set) lazy var runner = WorkQueueRunner { [unowned self] in self.runOne() }

    init(decode: @escaping ImageLoader<Key>.Decode) { self.decode = decode }

    /// Queues `request`; false when its key is queued or decoding already.
    func enqueue(_ request: Request, urgent isUrgent: Bool) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if decoding.contains(request.key) {
            cancelledWhileDecoding.remove(request.key)  // asked for again: deliver it after all
            return false
        }
        if queued.contains(request.key) {
            if isUrgent, let index = normal.firstIndex(where: { $0.key == request.key }) {
                urgent.append(normal.remove(at: index))
            }
            return false
        }
        queued.insert(request.key)
        if isUrgent { urgent.append(request) } else { normal.append(request) }
        return true
    }

    func cancel(_ key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if queued.remove(key) != nil {
            urgent.removeAll { $0.key == key }
            normal.removeAll { $0.key == key }
        } else if decoding.contains(key) {
            cancelledWhileDecoding.insert(key)
        }
    }

    func cancelAll() {
        lock.lock()
        defer { lock.unlock() }
        urgent.removeAll()
        normal.removeAll()
        queued.removeAll()
        cancelledWhileDecoding.formUnion(decoding)
    }

    func isLoading(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return queued.contains(key) || decoding.contains(key)
    }

    var outstandingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return queued.count + decoding.count
    }

    /// On a worker: decodes the next request, if any, and posts its result to the main
    /// context. One pool task per enqueued request, so a cancelled one leaves a task that
    /// finds the queue shorter: it may run the next request or nothing.
    func runOne() {
        lock.lock()
        let next = urgent.isEmpty ? (normal.isEmpty ? nil : normal.removeFirst()) : urgent.removeFirst()
        if let next {
            queued.remove(next.key)
            decoding.insert(next.key)
        }
        lock.unlock()
        guard let request = next else { return }
        let result: Result<Image, ImageError>
        do {
            result = .success(try decode(request))
        } catch let error as ImageError {
            result = .failure(error)
        } catch {
            result = .failure(ImageError(.undecodable, "\(request.path): \(error)"))
        }
        onMainContext { [self] in
            lock.lock()
            decoding.remove(request.key)
            let cancelled = cancelledWhileDecoding.remove(request.key) != nil
            lock.unlock()
            if !cancelled { deliver?(request.key, result) }
        }
    }
}
