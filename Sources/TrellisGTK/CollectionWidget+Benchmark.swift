import CGtk
import CTrellisGtk
import Foundation
import Trellis

/// A scroll benchmark inside the real window, driven by GTK's frame clock the way the GTK
/// peers in Benchmarks/gtk-peers are: with `TRELLIS_GTK_BENCH_SCROLL=N` the widget moves
/// the vertical adjustment by GTK's wheel step (page^(2/3)) on each of N frame-clock ticks
/// — through the adjustment, so the path is the one a wheel takes — wrapping to the top at
/// the end, then prints one JSON line (work per frame: layout pass plus drawing; tick
/// interval; resident memory at the first and last tick) and closes the window.
extension CollectionWidget {
    func startScrollBenchmarkIfAsked() {
        guard let value = ProcessInfo.processInfo.environment["TRELLIS_GTK_BENCH_SCROLL"], let frames = Int(value), frames > 0 else { return }
        benchmark = ScrollBenchmark(frames: frames)
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).benchmarkTick() ? 1 : 0 }
        }
        gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// One tick: records the previous frame, scrolls one wheel step. False when done.
    private func benchmarkTick() -> Bool {
        guard var run = benchmark else { return false }
        let now = DispatchTime.now().uptimeNanoseconds
        if run.lastTick > 0 && lastFrame.frame > run.lastFrame {
            run.work.append(lastFrame.milliseconds)
            run.intervals.append(Double(now - run.lastTick) / 1e6)
        }
        run.lastTick = now
        run.lastFrame = lastFrame.frame
        if run.work.count == 1 { run.rssStart = ScrollBenchmark.residentKilobytes() }
        if run.work.count >= run.frames {
            run.rssEnd = ScrollBenchmark.residentKilobytes()
            FileHandle.standardOutput.write(Data((run.report(items: totalItems) + "\n").utf8))
            benchmark = nil
            if let root = gtk_widget_get_root(widget) { gtk_window_destroy(trellis_as_window(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))) }
            return false
        }
        benchmark = run
        let adjustment = trellis_widget_get_vadjustment(trellisWidget)
        let page = gtk_adjustment_get_page_size(adjustment)
        var next = gtk_adjustment_get_value(adjustment) + pow(page, 2.0 / 3.0)
        if next > gtk_adjustment_get_upper(adjustment) - page { next = gtk_adjustment_get_lower(adjustment) }
        gtk_adjustment_set_value(adjustment, next)
        return true
    }
}

struct ScrollBenchmark {
    var frames: Int
    var work: [Double] = []
    var intervals: [Double] = []
    var lastTick: UInt64 = 0
    var lastFrame = 0
    var rssStart = 0
    var rssEnd = 0

    init(frames: Int) {
        self.frames = frames
        work.reserveCapacity(frames)
        intervals.reserveCapacity(frames)
    }

    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func report(items: Int) -> String {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        func f(_ value: Double) -> String { String(format: "%.3f", value) }
        return "{\"event\":\"scrollBenchmark\",\"items\":\(items),\"frames\":\(work.count),"
            + "\"workP0Ms\":\(f(percentile(work, 0))),\"workP50Ms\":\(f(percentile(work, 0.5))),\"workP99Ms\":\(f(percentile(work, 0.99))),"
            + "\"intervalP50Ms\":\(f(percentile(intervals, 0.5))),\"intervalP99Ms\":\(f(percentile(intervals, 0.99))),"
            + "\"rssStartKB\":\(rssStart),\"rssEndKB\":\(rssEnd)}"
    }
}
