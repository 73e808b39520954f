import CGtk
import CTrellisGtk
import Foundation
import TrellisGTK
import TrellisKit

/// Scrolling for window tests where no input can be sent from outside (Wayland: a
/// compositor takes no synthetic events from other clients, and xdotool is X11 only).
/// With `TRELLIS_TEST_SCROLL_FILE=PATH`, the window reads commands the test appends to
/// the file, one a line, and moves the adjustment of the collection's scroll axis as
/// GtkScrolledWindow does for the same input — through `gtk_adjustment_set_value`, so the
/// widget hears them as any other scroll:
///
/// - `wheel N`: N wheel steps (negative: up or left) of GTK's size, the page to the power
///   2/3;
/// - `end`: the value at the end of the content (the scrollbar dragged to its end);
/// - `home`: the value at the start;
/// - `fling V`: GtkScrolledWindow's kinetic deceleration after a swipe of V points a second
///   (negative: up or left), which a test cannot start itself under X11 (GTK 4's touch
///   gestures take only touchscreen devices, XTEST makes none, and GDK's X11 backend sends
///   no end of a touchpad scroll). As GTK's does: from the value it starts at, each frame
///   clock tick sets the value start + V/m·(1 − e^(−m·t)), m = 4 a second (its
///   DECELERATION_FRICTION) — a position of its own, never read back from the adjustment —
///   within the adjustment's current bounds, until the speed falls under 0.1 point a second.
@MainActor
package enum ScrollTestHook {
    package static func attachIfAsked(to host: CollectionWidget) {
        guard let path = ProcessInfo.processInfo.environment["TRELLIS_TEST_SCROLL_FILE"] else { return }
        let reader = CommandReader(path: path, host: host)
        let poll: @convention(c) (UnsafeMutableRawPointer?) -> gboolean = { context in
            MainActor.assumeIsolated { Unmanaged<CommandReader>.fromOpaque(context!).takeUnretainedValue().readNewCommands() }
            return 1  // G_SOURCE_CONTINUE
        }
        // The reader lives as long as the process (the window tests' one window).
        g_timeout_add(50, poll, Unmanaged.passRetained(reader).toOpaque())
    }

    @MainActor
    private final class CommandReader {
        let path: String
        weak var host: CollectionWidget?
        /// Bytes of the file already read.
        var consumed = 0

        init(path: String, host: CollectionWidget) {
            self.path = path
            self.host = host
        }

        func readNewCommands() {
            guard let data = FileManager.default.contents(atPath: path), data.count > consumed else { return }
            let fresh = data[consumed...]
            // Only whole lines: a command being written is read on the next poll.
            guard let lastNewline = fresh.lastIndex(of: UInt8(ascii: "\n")) else { return }
            consumed = lastNewline + 1
            for line in String(decoding: data[fresh.startIndex...lastNewline], as: UTF8.self).split(separator: "\n") {
                run(line.split(separator: " ").map(String.init))
            }
        }

        private func run(_ words: [String]) {
            guard let host, let command = words.first else { return }
            let widget = trellis_collection_widget_from_widget(host.widget)
            let vertical = host.collectionView.scrollDirection == .vertical
            guard let adjustment = vertical
                ? trellis_collection_widget_get_vadjustment(widget) : trellis_collection_widget_get_hadjustment(widget) else { return }
            let page = gtk_adjustment_get_page_size(adjustment), lower = gtk_adjustment_get_lower(adjustment)
            let end = max(lower, gtk_adjustment_get_upper(adjustment) - page)
            switch command {
            case "wheel":
                guard words.count == 2, let steps = Double(words[1]) else { return }
                let value = gtk_adjustment_get_value(adjustment) + steps * pow(max(1, page), 2.0 / 3.0)
                gtk_adjustment_set_value(adjustment, min(max(lower, value), end))
            case "fling":
                guard words.count == 2, let velocity = Double(words[1]) else { return }
                startDeceleration(velocity: velocity, of: adjustment, host: host)
            case "end": gtk_adjustment_set_value(adjustment, end)
            case "home": gtk_adjustment_set_value(adjustment, lower)
            default: FileHandle.standardError.write(Data("trellis: unknown test scroll command \(words)\n".utf8))
            }
        }

        /// GtkScrolledWindow's deceleration (see the type's `fling`), on the widget's frame clock.
        private func startDeceleration(velocity: Double, of adjustment: UnsafeMutablePointer<GtkAdjustment>, host: CollectionWidget) {
            let deceleration = Deceleration(adjustment: adjustment, start: gtk_adjustment_get_value(adjustment), velocity: velocity)
            let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, clock, context in
                MainActor.assumeIsolated {
                    let deceleration = Unmanaged<Deceleration>.fromOpaque(context!).takeUnretainedValue()
                    return deceleration.step(frameTime: Int64(gdk_frame_clock_get_frame_time(clock))) ? 1 : 0
                }
            }
            let context = Unmanaged.passRetained(deceleration).toOpaque()
            let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
                Unmanaged<Deceleration>.fromOpaque(context!).release()
            }
            _ = gtk_widget_add_tick_callback(host.widget, tick, context, release)
        }
    }

    /// One deceleration: where it started, its velocity, its first frame's time.
    @MainActor
    private final class Deceleration {
        static let friction = 4.0
        let adjustment: UnsafeMutablePointer<GtkAdjustment>
        let start: Double, velocity: Double
        var startTime: Int64?

        init(adjustment: UnsafeMutablePointer<GtkAdjustment>, start: Double, velocity: Double) {
            self.adjustment = adjustment
            self.start = start
            self.velocity = velocity
        }

        /// Sets this frame's value; false once at rest or at a bound.
        func step(frameTime: Int64) -> Bool {
            let begun = startTime ?? frameTime
            startTime = begun
            let t = Double(frameTime - begun) / 1e6
            let decay = exp(-Self.friction * t)
            let position = start + velocity / Self.friction * (1 - decay)
            let lower = gtk_adjustment_get_lower(adjustment)
            let end = max(lower, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
            gtk_adjustment_set_value(adjustment, min(max(lower, position), end))
            return abs(velocity * decay) >= 0.1 && position > lower && position < end
        }
    }
}
