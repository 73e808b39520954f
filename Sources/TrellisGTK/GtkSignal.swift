import CGtk
import CTrellisGtk

/// Connects Swift closures to GObject signals whose handlers return nothing (`clicked`,
/// `notify::…`, `activate`); the closure gets no arguments.
@MainActor
public enum GtkSignal {
    private final class Handler {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    /// Calls `body` on each emission of `signal` on `instance`, for the instance's lifetime.
    public static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping @MainActor () -> Void) {
        // Connected swapped: the user data comes first, so one handler shape serves signals
        // with any further arguments (`notify` passes a GParamSpec before the data).
        let handler: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
            MainActor.assumeIsolated { Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().body() }
        }
        let data = Unmanaged.passRetained(Handler(body)).toOpaque()
        let destroy: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            Unmanaged<Handler>.fromOpaque(data!).release()
        }
        g_signal_connect_data(instance, signal, unsafeBitCast(handler, to: GCallback.self), data, destroy, G_CONNECT_SWAPPED)
    }
}
