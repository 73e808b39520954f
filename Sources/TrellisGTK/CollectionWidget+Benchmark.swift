import CGtk
import CTrellisGtk
import Foundation
import Trellis

/// A scroll benchmark inside the real window, driven by GTK's frame clock the way the GTK
/// peers in Benchmarks/gtk-peers are: with `TRELLIS_GTK_BENCH_SCROLL=N` the widget moves
/// the vertical adjustment by GTK's wheel step (page^(2/3)) on each of N frame-clock ticks
/// — through the adjustment, so the path is the one a wheel takes — wrapping to the top at
/// the end, then prints one JSON line (work per frame: layout pass plus drawing; the whole
/// frame; tick interval; resident memory at the first and last tick; drift) and closes the
/// window.
///
/// What each figure counts: `work` is the widget's own work, the layout pass of the scroll
/// step plus the widget's snapshot (the cells drawn into their pictures where they changed,
/// and recorded into GTK's Cairo node); `frame` is everything the main thread does for the
/// frame, from the frame clock's `before-paint` to its `after-paint` — the scroll step and
/// its layout, GTK's own layout, the snapshot, GSK's Cairo renderer rasterizing the window
/// (replaying the node onto the window's surface) and handing it to the X server; `render`
/// is the part after the layout phase (snapshot, rasterizing, hand-over). The headless
/// `ScrollBenchmarks` counts the widget's work plus rasterizing into an image surface:
/// between `work` and `frame`.
///
/// `TRELLIS_GTK_BENCH_STEP` chooses the step as `Benchmarks/gtk-peers/listview.c` does:
/// `wheel` (the default), `page` (the page increment, Page Down), `up` (End first, then wheel
/// steps up through items not yet measured), `pageup` (End, then Page Up steps).
///
/// `TRELLIS_GTK_DRAW_EVERY_CELL=1` draws every visible cell on every frame, without the
/// widget's ``CellDrawingCache`` (and at the exact fractional offset, as before that cache):
/// the control for the cache in the same build.
///
/// Drift: before each step the benchmark notes the topmost item in view whose top stays in
/// view after the step, and where it is; after the step's layout pass it finds that item
/// again. The step moved it by exactly the step, or it drifted by the difference.
extension CollectionWidget {
    func startScrollBenchmarkIfAsked() {
        guard let value = ProcessInfo.processInfo.environment["TRELLIS_GTK_BENCH_SCROLL"], let frames = Int(value), frames > 0 else { return }
        let step = ProcessInfo.processInfo.environment["TRELLIS_GTK_BENCH_STEP"].flatMap(ScrollBenchmark.Step.init(rawValue:)) ?? .wheel
        benchmark = ScrollBenchmark(frames: frames, step: step)
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).benchmarkTick() ? 1 : 0 }
        }
        gtk_widget_add_tick_callback(widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// One tick: records the previous frame, scrolls one wheel step. False when done.
    private func benchmarkTick() -> Bool {
        guard var run = benchmark else { return false }
        // Nothing to scroll before the widget has its size and has drawn once.
        guard lastFrame.frame > 0 else { return true }
        if run.clockHandlers.isEmpty { run.clockHandlers = timeFrameClockPhases() }
        let now = DispatchTime.now().uptimeNanoseconds
        if run.lastTick > 0 && lastFrame.frame > run.lastFrame {
            run.work.append(lastFrame.milliseconds)
            run.intervals.append(Double(now - run.lastTick) / 1e6)
        }
        run.lastTick = now
        run.lastFrame = lastFrame.frame
        if run.work.count == 1 {
            (run.rssStart, run.heapStart) = (ScrollBenchmark.residentKilobytes(), ScrollBenchmark.heapInUseKilobytes())
            run.memoryAtStart = MemorySample()
        }
        if let followed = run.followed {
            run.record(drift: currentShownItems().first { $0.indexPath == followed.indexPath }.map { $0.distance - followed.expected })
            run.followed = nil
        }
        if run.work.count >= run.frames {
            (run.rssEnd, run.heapEnd) = (ScrollBenchmark.residentKilobytes(), ScrollBenchmark.heapInUseKilobytes())
            run.memoryAtEnd = MemorySample()
            FileHandle.standardOutput.write(Data((run.report(items: totalItems) + "\n").utf8))
            if let clock = gtk_widget_get_frame_clock(widget) {
                for handler in run.clockHandlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler) }
            }
            benchmark = nil
            if let root = gtk_widget_get_root(widget) { gtk_window_destroy(trellis_as_window(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))) }
            return false
        }
        let adjustment = trellis_widget_get_vadjustment(trellisWidget)
        let page = gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        let lower = gtk_adjustment_get_lower(adjustment), end = gtk_adjustment_get_upper(adjustment) - page
        var step = run.step.paging ? gtk_adjustment_get_page_increment(adjustment) : pow(page, 2.0 / 3.0)
        if run.step.upward { step = -step }
        if run.step.upward && !run.jumpedToEnd {
            run.jumpedToEnd = true
            benchmark = run
            gtk_adjustment_set_value(adjustment, end)
            return true
        }
        if value + step > end || value + step < lower {
            if run.wraps == 0 { (run.rssAtFirstWrap, run.heapAtFirstWrap) = (ScrollBenchmark.residentKilobytes(), ScrollBenchmark.heapInUseKilobytes()) }
            run.memoryAtWraps.append(MemorySample())
            run.measurementsAtWraps.append(collectionView.sizeCache.measurementCount)
            run.widthsAtWraps.append(collectionView.bounds.width)
            run.wraps += 1
            benchmark = run
            gtk_adjustment_set_value(adjustment, run.step.upward ? end : lower)
            return true
        }
        // The item to follow: the topmost in view whose top is still in view after the step.
        let height = collectionView.bounds.height
        let followed = currentShownItems().filter { $0.distance - step >= 0 && $0.distance - step < height }.min { $0.distance < $1.distance }
        benchmark = run
        gtk_adjustment_set_value(adjustment, value + step)
        let moved = gtk_adjustment_get_value(adjustment) - value
        if let followed { benchmark?.followed = (followed.indexPath, followed.distance - moved) }
        return true
    }
}

extension CollectionWidget {
    /// Connects to the frame clock's phases to time the whole frame (see the type's
    /// discussion); returns the handlers.
    fileprivate func timeFrameClockPhases() -> [gulong] {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return [] }
        typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let beforePaint: Handler = { _, context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                host.benchmark?.phaseStart = (DispatchTime.now().uptimeNanoseconds, host.frameCount)
            }
        }
        let layout: Handler = { _, context in
            MainActor.assumeIsolated { CollectionWidget.host(context).benchmark?.layoutEnd = DispatchTime.now().uptimeNanoseconds }
        }
        let afterPaint: Handler = { _, context in
            MainActor.assumeIsolated {
                let host = CollectionWidget.host(context)
                guard var run = host.benchmark, run.phaseStart.time > 0, host.frameCount > run.phaseStart.frame, run.layoutEnd > 0 else { return }
                let now = DispatchTime.now().uptimeNanoseconds
                run.wholeFrames.append(Double(now - run.phaseStart.time) / 1e6)
                run.renders.append(Double(now - run.layoutEnd) / 1e6)
                run.phaseStart = (0, 0)
                run.layoutEnd = 0
                host.benchmark = run
            }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let phases: [(String, Handler)] = [("before-paint", beforePaint), ("layout", layout), ("after-paint", afterPaint)]
        return phases.map { phase in
            trellis_signal_connect(UnsafeMutableRawPointer(clock), phase.0, unsafeBitCast(phase.1, to: GCallback.self), me)
        }
    }
}

struct ScrollBenchmark {
    /// `TRELLIS_GTK_DRAW_EVERY_CELL=1`: the control without the cells' pictures.
    static let drawsEveryCell = ProcessInfo.processInfo.environment["TRELLIS_GTK_DRAW_EVERY_CELL"] == "1"

    enum Step: String {
        case wheel, page, up, pageup
        var paging: Bool { self == .page || self == .pageup }
        var upward: Bool { self == .up || self == .pageup }
    }

    var frames: Int
    var step: Step
    var jumpedToEnd = false
    var wraps = 0
    /// The item followed across the last step and where the step should have put it.
    var followed: (indexPath: IndexPath, expected: Double)?
    var drifts: [Double] = []
    var lost = 0
    var work: [Double] = []
    /// `before-paint` → `after-paint` of frames the widget drew in.
    var wholeFrames: [Double] = []
    /// End of the layout phase → `after-paint`.
    var renders: [Double] = []
    var phaseStart: (time: UInt64, frame: Int) = (0, 0)
    var layoutEnd: UInt64 = 0
    var clockHandlers: [gulong] = []
    var intervals: [Double] = []
    var lastTick: UInt64 = 0
    var lastFrame = 0
    var rssStart = 0
    var rssEnd = 0
    /// Resident memory when the scroll first wrapped around: after it, every item shown
    /// has been measured before.
    var rssAtFirstWrap = 0
    /// malloc's bytes in use (glibc `mallinfo2`), which, unlike resident memory, does not
    /// count freed memory the allocator keeps: a leak grows it, fragmentation does not.
    var heapStart = 0, heapAtFirstWrap = 0, heapEnd = 0
    /// Where resident memory is (anonymous, file-backed, shared) and malloc's figures over
    /// every arena, at the first frame, at each wrap and at the end: the per-pass growth
    /// that decides "flat", and what resident growth that is not heap is made of.
    var memoryAtStart = MemorySample(), memoryAtEnd = MemorySample()
    var memoryAtWraps: [MemorySample] = []
    /// The size cache's measurement count at each wrap: after the first, more passes over
    /// the same items should measure nothing.
    var measurementsAtWraps: [Int] = []
    /// The collection's width at each wrap: a new width is a new fitting proposal, which
    /// measures every item again.
    var widthsAtWraps: [Double] = []

    init(frames: Int, step: Step) {
        self.frames = frames
        self.step = step
        // Reserved up front, so the benchmark's own records do not show as growth in the
        // memory it reports (the drift record doubling added 32, 64 and 128 KB steps).
        work.reserveCapacity(frames)
        wholeFrames.reserveCapacity(frames + 1)
        renders.reserveCapacity(frames + 1)
        intervals.reserveCapacity(frames)
        drifts.reserveCapacity(frames)
    }

    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// A followed item's distance from where the step should have put it (nil: not in view).
    mutating func record(drift: Double?) {
        if let drift { drifts.append(abs(drift)) } else { lost += 1 }
    }

    static func heapInUseKilobytes() -> Int {
        return Int(trellis_heap_in_use() / 1024)
    }

    func report(items: Int) -> String {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        func f(_ value: Double) -> String { String(format: "%.3f", value) }
        return "{\"event\":\"scrollBenchmark\",\"items\":\(items),\"frames\":\(work.count),"
            + "\"workP0Ms\":\(f(percentile(work, 0))),\"workP50Ms\":\(f(percentile(work, 0.5))),\"workP99Ms\":\(f(percentile(work, 0.99))),"
            + "\"frameP0Ms\":\(f(percentile(wholeFrames, 0))),\"frameP50Ms\":\(f(percentile(wholeFrames, 0.5))),\"frameP99Ms\":\(f(percentile(wholeFrames, 0.99))),"
            + "\"renderP50Ms\":\(f(percentile(renders, 0.5))),\"renderP99Ms\":\(f(percentile(renders, 0.99))),"
            + "\"intervalP50Ms\":\(f(percentile(intervals, 0.5))),\"intervalP99Ms\":\(f(percentile(intervals, 0.99))),"
            + "\"rssStartKB\":\(rssStart),\"rssEndKB\":\(rssEnd),"
            + "\"step\":\"\(step.rawValue)\",\"followedFrames\":\(drifts.count),\"driftMaxPx\":\(f(drifts.max() ?? 0)),"
            + "\"driftP99Px\":\(f(percentile(drifts, 0.99))),\"driftP50Px\":\(f(percentile(drifts, 0.5))),"
            + "\"driftTotalPx\":\(f(drifts.reduce(0, +))),\"framesDrifting\":\(drifts.filter { $0 > 0.5 }.count),"
            + "\"followedLost\":\(lost),\"wraps\":\(wraps),\"rssAtFirstWrapKB\":\(rssAtFirstWrap),"
            + "\"heapStartKB\":\(heapStart),\"heapAtFirstWrapKB\":\(heapAtFirstWrap),\"heapEndKB\":\(heapEnd),"
            + "\"memoryStart\":\(memoryAtStart.json),\"memoryEnd\":\(memoryAtEnd.json),"
            + "\"heapInUseAtWrapsKB\":[\(memoryAtWraps.map { String($0.mallocInUseKB) }.joined(separator: ","))],"
            + "\"measurementsAtWraps\":[\(measurementsAtWraps.map(String.init).joined(separator: ","))],"
            + "\"widthsAtWraps\":[\(widthsAtWraps.map { f($0) }.joined(separator: ","))]}"
    }
}

/// The process's memory at one moment, split the way "memory flat" needs it (docs/perf/gtk.md,
/// "Memory over 10,000 frames"): resident memory by kind (/proc/self/status: anonymous,
/// file-backed — fonts and libraries mapped in —, shared — the X server's shared images),
/// and glibc's own account over all its arenas (`malloc_info`): bytes the program holds
/// (`mallocInUseKB`), bytes malloc keeps free for reuse, and what it got from the system.
/// A leak grows `mallocInUseKB`; memory malloc keeps after `free`, or pages of fonts
/// touched, grow resident memory without it.
struct MemorySample {
    var residentKB = 0, anonymousKB = 0, fileKB = 0, sharedKB = 0
    var mallocInUseKB = 0, mallocFreeKB = 0, mallocSystemKB = 0, mallocMappedKB = 0, arenas = 0

    init() {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
            for line in status.split(separator: "\n") {
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.count >= 2, let value = Int(fields[1]) else { continue }
                switch fields[0] {
                case "VmRSS:": residentKB = value
                case "RssAnon:": anonymousKB = value
                case "RssFile:": fileKB = value
                case "RssShmem:": sharedKB = value
                default: break
                }
            }
        }
        guard let report = Self.mallocInfo() else { return }
        // The totals after the last </heap>: free chunks ("fast", "rest"), chunks mapped on
        // their own ("mmap"), and the arenas' size ("current").
        guard let totals = report.range(of: "</heap>", options: .backwards).map({ report[$0.upperBound...] }) else { return }
        func attribute(_ element: String, type: String, _ name: String) -> Int {
            guard let start = totals.range(of: "<\(element) type=\"\(type)\""),
                  let close = totals[start.upperBound...].range(of: "/>"),
                  let value = totals[start.upperBound..<close.lowerBound].range(of: "\(name)=\"") else { return 0 }
            return Int(totals[value.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        let free = attribute("total", type: "fast", "size") + attribute("total", type: "rest", "size")
        let mapped = attribute("total", type: "mmap", "size")
        let system = attribute("system", type: "current", "size")
        arenas = report.components(separatedBy: "<heap nr=").count - 1
        mallocFreeKB = free / 1024
        mallocMappedKB = mapped / 1024
        mallocSystemKB = (system + mapped) / 1024
        mallocInUseKB = (system + mapped - free) / 1024
    }

    /// glibc's `malloc_info` report (XML), or nil where there is none.
    private static func mallocInfo() -> String? {
        typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return nil }
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        _ = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
        fclose(stream)
        defer { free(buffer) }
        return buffer.map { String(cString: $0) }
    }

    var json: String {
        "{\"rssKB\":\(residentKB),\"rssAnonKB\":\(anonymousKB),\"rssFileKB\":\(fileKB),\"rssShmemKB\":\(sharedKB),"
            + "\"mallocInUseKB\":\(mallocInUseKB),\"mallocFreeKB\":\(mallocFreeKB),\"mallocSystemKB\":\(mallocSystemKB),"
            + "\"mallocMappedKB\":\(mallocMappedKB),\"arenas\":\(arenas)}"
    }
}
