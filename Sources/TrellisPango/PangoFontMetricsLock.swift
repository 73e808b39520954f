import CPango
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes Pango's font-metrics computation run on one thread at a time, process-wide.
///
/// Why: Pango-Cairo computes a font's metrics once per language (`pango_font_get_metrics`,
/// `_pango_cairo_font_get_metrics` in pango/pangocairo-font.c, unchanged from 1.50 to
/// Pango's main branch) and guards the part that lays out a sample string with
/// `static int in_get_metrics`, a recursion guard shared by the whole process, neither
/// atomic nor per thread. When two threads compute metrics at the same moment, the second
/// one sees the first one's flag, skips the sample layout and caches the metrics with an
/// `approximate_char_width` of 0 for that font and language for good. Line breaking reads
/// that width (`process_item` in pango-layout.c: three times it is the "safe distance"
/// around the line's end), so with 0 a `PANGO_WRAP_WORD_CHAR` layout does not break a word
/// longer than the line between characters: "nevopasenpaka vo Wane" at DejaVu Sans 17 in
/// 130 pt came out 130.18 pt wide (clipped) on such a thread instead of 120.34 pt. Each
/// thread has its own font map (`PangoThreadState`), so it is its fonts that are spoilt,
/// from that thread's first measurement with the font, while a thread created at a quieter
/// moment measures right: results depended on which threads had happened to load a font at
/// the same time.
///
/// The fix wraps the `get_metrics` function of the font class Pango-Cairo's fonts use with
/// a recursive lock (recursive: computing metrics lays out text, which asks for metrics
/// again on the same thread, which Pango's guard is there for). With one thread at a time
/// inside, the static flag only ever guards recursion, as intended. Metrics of a font and
/// language are computed once and then looked up, so the lock is held for a list lookup on
/// all but the first call. Installed once per process, when the first `PangoTextMeasurer`
/// is made (before its work can reach a second thread) and again, at no cost, before each
/// `PangoThreadState` measures; it covers every Pango-Cairo font of the process (GTK's
/// included).
enum PangoFontMetricsLock {
    /// Installs the lock, once per process. Cheap after the first call.
    static func install() { _ = isInstalled }

    /// Whether the lock wraps Pango-Cairo's `get_metrics` (false only when no font at all
    /// could be loaded, so there are no metrics to compute).
    static let isInstalled: Bool = {
        guard let hook else { return false }
        hook.fontClass.pointee.get_metrics = serializedGetMetrics
        return true
    }()

    /// The number of threads waiting for the lock right now (for tests).
    static var threadsWaiting: Int { mutex.threadsWaiting }

    fileprivate static let mutex = RecursiveMutex()

    /// The font class and its own `get_metrics`, read before it is replaced.
    static let hook: Hook? = {
        guard let fontMap = pango_cairo_font_map_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        guard let context = pango_font_map_create_context(fontMap) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let description = pango_font_description_from_string("Sans")
        defer { pango_font_description_free(description) }
        guard let font = pango_context_load_font(context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        guard let instanceClass = UnsafeMutableRawPointer(font).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class
        else { return nil }
        // Referenced for good, so the class (and the function replaced in it) stays.
        let fontClass = g_type_class_ref(instanceClass.pointee.g_type)!.assumingMemoryBound(to: PangoFontClass.self)
        guard let original = fontClass.pointee.get_metrics else { return nil }
        return Hook(fontClass: fontClass, original: original)
    }()

    struct Hook: @unchecked Sendable {
        let fontClass: UnsafeMutablePointer<PangoFontClass>
        let original: @convention(c) (UnsafeMutablePointer<PangoFont>?, OpaquePointer?) -> UnsafeMutablePointer<PangoFontMetrics>?
    }
}

/// Pango-Cairo's `get_metrics`, one thread at a time.
private let serializedGetMetrics: @convention(c) (UnsafeMutablePointer<PangoFont>?, OpaquePointer?)
    -> UnsafeMutablePointer<PangoFontMetrics>? = { font, language in
    let mutex = PangoFontMetricsLock.mutex
    mutex.lock()
    defer { mutex.unlock() }
    return PangoFontMetricsLock.hook!.original(font, language)
}

/// A process-wide recursive pthread mutex that counts the threads waiting for it.
final class RecursiveMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private let counterMutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    private var waiting = 0

    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        mutex.initialize(to: pthread_mutex_t())
        counterMutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, &attributes)
        precondition(status == 0 && pthread_mutex_init(counterMutex, nil) == 0, "pthread_mutex_init failed: \(status)")
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        pthread_mutex_destroy(counterMutex)
        mutex.deallocate()
        counterMutex.deallocate()
    }

    func lock() {
        if pthread_mutex_trylock(mutex) == 0 { return }
        adjustWaiting(by: 1)
        pthread_mutex_lock(mutex)
        adjustWaiting(by: -1)
    }

    func unlock() { pthread_mutex_unlock(mutex) }

    var threadsWaiting: Int {
        pthread_mutex_lock(counterMutex)
        defer { pthread_mutex_unlock(counterMutex) }
        return waiting
    }

    private func adjustWaiting(by change: Int) {
        pthread_mutex_lock(counterMutex)
        waiting += change
        pthread_mutex_unlock(counterMutex)
    }
}
