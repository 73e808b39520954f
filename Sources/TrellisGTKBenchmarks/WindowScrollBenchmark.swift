import CGtk
import CTrellisGtk
import CTrellisGtkTesting
import Foundation
import Trellis
@_spi(Testing) import TrellisKit
import TrellisGTK

/// A scroll benchmark inside the real window, driven by GTK's frame clock the way the GTK
/// peers in Benchmarks/gtk-peers are: with `TRELLIS_GTK_BENCH_SCROLL=N` the widget's
/// vertical adjustment moves by GTK's wheel step (page^(2/3)) on each of N frame-clock
/// ticks — through the adjustment, so the path is the one a wheel takes — wrapping to the
/// top at the end, then one JSON line is printed (work per frame: layout pass plus drawing;
/// the whole frame; tick interval; resident memory at the first and last tick; drift) and
/// the window closes.
///
/// It drives the widget from outside, through what any GTK program has: the widget's tick
/// callback and frame clock, its adjustment, the collection view's public state, and the
/// widget's ``CollectionWidget/onFramePresented`` callback, which hands over each presented
/// frame's work timing.
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
/// widget's ``CellDrawingCache`` (and at the exact fractional offset): the control for the
/// cache in the same build.
///
/// `TRELLIS_GTK_BENCH_PROBE=1` times a fixed piece of work before each step
/// (``MachineSpeedProbe``) and reports, beside the work of every frame, the work of the
/// frames the machine ran at full speed (the probes on both sides of the frame fast): on a
/// shared virtual machine, whose speed changes from one stretch of frames to the next,
/// what the same build does on a quiet machine.
///
/// Drift: before each step the benchmark notes the topmost item in view whose top stays in
/// view after the step, and where it is; after the step's layout pass it finds that item
/// again. The step moved it by exactly the step, or it drifted by the difference.
@MainActor
package final class WindowScrollBenchmark {
    /// Attaches a scroll benchmark to `host` when the environment asks for one, and turns
    /// the widget's cell pictures off for `TRELLIS_GTK_DRAW_EVERY_CELL=1`.
    package static func attachIfAsked(to host: CollectionWidget) {
        let environment = ProcessInfo.processInfo.environment
        if environment["TRELLIS_GTK_DRAW_EVERY_CELL"] == "1" { host.drawsCellsFromPictures = false }
        guard let value = environment["TRELLIS_GTK_BENCH_SCROLL"], let frames = Int(value), frames > 0 else { return }
        let step = environment["TRELLIS_GTK_BENCH_STEP"].flatMap(ScrollRun.Step.init(rawValue:)) ?? .wheel
        var run = ScrollRun(frames: frames, step: step)
        if environment["TRELLIS_GTK_BENCH_PROBE"] == "1" { run.probe = MachineSpeedProbe() }
        let benchmark = WindowScrollBenchmark(host: host, run: run)
        host.retain(benchmark)
        let presented = host.onFramePresented
        host.onFramePresented = { [unowned benchmark] frame in
            presented?(frame)
            benchmark.framePresented(frame)
        }
        let tick: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = { _, _, context in
            MainActor.assumeIsolated { WindowScrollBenchmark.from(context).tick() ? 1 : 0 }
        }
        gtk_widget_add_tick_callback(host.widget, tick, Unmanaged.passUnretained(benchmark).toOpaque(), nil)
    }

    private unowned let host: CollectionWidget
    private var run: ScrollRun?

    private init(host: CollectionWidget, run: ScrollRun) {
        self.host = host
        self.run = run
    }

    private nonisolated static func from(_ context: UnsafeMutableRawPointer?) -> WindowScrollBenchmark {
        Unmanaged<WindowScrollBenchmark>.fromOpaque(context!).takeUnretainedValue()
    }

    /// A frame the widget drew is in the window: its work, and the whole frame up to now.
    private func framePresented(_ frame: FrameStatistics) {
        guard var run, run.lastTick > 0 else { return }
        run.work.append(frame.milliseconds)
        if run.probe != nil { run.probes.append(run.pendingProbe) }
        let now = DispatchTime.now().uptimeNanoseconds
        if run.phaseStart.time > 0, frame.frame > run.phaseStart.frame, run.layoutEnd > 0 {
            run.wholeFrames.append(Double(now - run.phaseStart.time) / 1e6)
            run.renders.append(Double(now - run.layoutEnd) / 1e6)
        }
        run.phaseStart = (0, 0)
        run.layoutEnd = 0
        self.run = run
    }

    /// One tick: records the interval since the last, scrolls one step. False when done.
    private func tick() -> Bool {
        guard var run else { return false }
        let lastFrame = host.lastFrame
        // Nothing to scroll before the widget has its size and has drawn once.
        guard lastFrame.frame > 0 else { return true }
        if run.clockHandlers.isEmpty { run.clockHandlers = timeFrameClockPhases() }
        let now = DispatchTime.now().uptimeNanoseconds
        if run.lastTick > 0 && lastFrame.frame > run.lastFrame { run.intervals.append(Double(now - run.lastTick) / 1e6) }
        run.lastTick = now
        // Timed after the interval (it is part of no frame's work), right before the step.
        if let time = run.probe?.measure() { run.pendingProbe = time }
        run.lastFrame = lastFrame.frame
        if run.work.count == 1 && run.rssStart == 0 {
            run.memoryAtStart = MemorySample()
            (run.rssStart, run.heapStart) = (run.memoryAtStart.residentKB, ScrollRun.heapInUseKilobytes())
        }
        if let followed = run.followed {
            run.record(drift: shownItems().first { $0.indexPath == followed.indexPath }.map { $0.distance - followed.expected })
            run.followed = nil
        }
        if run.work.count >= run.frames {
            run.memoryAtEnd = MemorySample()
            (run.rssEnd, run.heapEnd) = (run.memoryAtEnd.residentKB, ScrollRun.heapInUseKilobytes())
            FileHandle.standardOutput.write(Data((run.report(items: lastFrame.totalItems) + "\n").utf8))
            if let clock = gtk_widget_get_frame_clock(host.widget) {
                for handler in run.clockHandlers { g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler) }
            }
            self.run = nil
            if let root = gtk_widget_get_root(host.widget) { gtk_window_destroy(trellis_as_window(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))) }
            return false
        }
        let adjustment = trellis_collection_widget_get_vadjustment(trellis_collection_widget_from_widget(host.widget))
        let page = gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        let lower = gtk_adjustment_get_lower(adjustment), end = gtk_adjustment_get_upper(adjustment) - page
        var step = run.step.paging ? gtk_adjustment_get_page_increment(adjustment) : pow(page, 2.0 / 3.0)
        if run.step.upward { step = -step }
        if run.step.upward && !run.jumpedToEnd {
            run.jumpedToEnd = true
            self.run = run
            gtk_adjustment_set_value(adjustment, end)
            return true
        }
        let collectionView = host.collectionView
        if value + step > end || value + step < lower {
            let memory = MemorySample()
            if run.wraps == 0 { (run.rssAtFirstWrap, run.heapAtFirstWrap) = (memory.residentKB, ScrollRun.heapInUseKilobytes()) }
            run.memoryAtWraps.append(memory)
            run.measurementsAtWraps.append(collectionView.sizeCache.measurementCount)
            run.widthsAtWraps.append(collectionView.bounds.width)
            run.wraps += 1
            self.run = run
            gtk_adjustment_set_value(adjustment, run.step.upward ? end : lower)
            return true
        }
        // The item to follow: the topmost in view whose top is still in view after the step.
        let height = collectionView.bounds.height
        let followed = shownItems().filter { $0.distance - step >= 0 && $0.distance - step < height }.min { $0.distance < $1.distance }
        self.run = run
        gtk_adjustment_set_value(adjustment, value + step)
        let moved = gtk_adjustment_get_value(adjustment) - value
        if let followed { self.run?.followed = (followed.indexPath, followed.distance - moved) }
        return true
    }

    /// The items in view and their distance below the top edge.
    private func shownItems() -> [(indexPath: Trellis.IndexPath, distance: Double)] {
        let collectionView = host.collectionView
        let bounds = collectionView.bounds
        return collectionView.indexPathsForVisibleItems.compactMap { indexPath in
            guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame, frame.intersects(bounds) else { return nil }
            return (indexPath, frame.minY - bounds.minY)
        }
    }

    /// Connects to the frame clock's `before-paint` and `layout` phases to time the whole
    /// frame (it ends when the frame is presented); returns the handlers.
    private func timeFrameClockPhases() -> [gulong] {
        guard let clock = gtk_widget_get_frame_clock(host.widget) else { return [] }
        typealias Handler = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
        let beforePaint: Handler = { _, context in
            MainActor.assumeIsolated {
                let benchmark = WindowScrollBenchmark.from(context)
                benchmark.run?.phaseStart = (DispatchTime.now().uptimeNanoseconds, benchmark.host.lastFrame.frame)
            }
        }
        let layout: Handler = { _, context in
            MainActor.assumeIsolated { WindowScrollBenchmark.from(context).run?.layoutEnd = DispatchTime.now().uptimeNanoseconds }
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        let phases: [(String, Handler)] = [("before-paint", beforePaint), ("layout", layout)]
        return phases.map { phase in
            trellis_signal_connect(UnsafeMutableRawPointer(clock), phase.0, unsafeBitCast(phase.1, to: GCallback.self), me)
        }
    }
}

/// The records of one scroll benchmark run.
struct ScrollRun {
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
    var followed: (indexPath: Trellis.IndexPath, expected: Double)?
    var drifts: [Double] = []
    var lost = 0
    var work: [Double] = []
    /// With `TRELLIS_GTK_BENCH_PROBE=1`: the machine's speed before each frame, timed by
    /// the probe (µs), one for each `work`.
    var probe: MachineSpeedProbe?
    var probes: [Double] = []
    var pendingProbe = 0.0
    /// `before-paint` → presented, of frames the widget drew in.
    var wholeFrames: [Double] = []
    /// End of the layout phase → presented.
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
        // memory it reports (a doubling record adds 32, 64 and 128 KB steps).
        work.reserveCapacity(frames + 1)
        probes.reserveCapacity(frames + 1)
        wholeFrames.reserveCapacity(frames + 1)
        renders.reserveCapacity(frames + 1)
        intervals.reserveCapacity(frames)
        drifts.reserveCapacity(frames)
    }

    /// A followed item's distance from where the step should have put it (nil: not in view).
    mutating func record(drift: Double?) {
        if let drift { drifts.append(abs(drift)) } else { lost += 1 }
    }

    /// How much slower than its fastest a probe may run for the machine to count as at full
    /// speed: the probe's spread within one speed is about a tenth.
    static let fullSpeedTolerance = 1.25

    /// The frames the machine ran at full speed: the probes before and after the frame (the
    /// next frame's) both within ``fullSpeedTolerance`` of the run's fastest (its 1st
    /// percentile, so one lucky probe does not set it). A frame during which the machine
    /// changed speed has a slow probe on one side, and is left out.
    func fullSpeedWork() -> (work: [Double], reference: Double) {
        guard probes.count >= 2 else { return ([], 0) }
        let reference = probes.sorted()[probes.count / 100]
        let limit = reference * Self.fullSpeedTolerance
        let work = (0..<(probes.count - 1)).filter { probes[$0] <= limit && probes[$0 + 1] <= limit }.map { self.work[$0] }
        return (work, reference)
    }

    /// The probe's figures, the work of the frames at full speed, and every frame's probe
    /// and work (µs, ms) for a closer look.
    private func fullSpeedReport() -> String {
        let (fast, reference) = fullSpeedWork()
        let (percentile, f) = (Self.percentile, Self.format)
        return "\"probeReferenceUs\":\(f(reference)),\"probeP50Us\":\(f(percentile(probes, 0.5))),"
            + "\"fullSpeedFrames\":\(fast.count),\"fullSpeedWorkP0Ms\":\(f(percentile(fast, 0))),"
            + "\"fullSpeedWorkP50Ms\":\(f(percentile(fast, 0.5))),\"fullSpeedWorkP99Ms\":\(f(percentile(fast, 0.99))),"
            + "\"fullSpeedWorkMaxMs\":\(f(fast.max() ?? 0)),"
            + "\"probeUs\":[\(probes.map { f($0) }.joined(separator: ","))],\"workMs\":[\(work.map { f($0) }.joined(separator: ","))]"
    }

    static func heapInUseKilobytes() -> Int {
        Int(trellis_testing_heap_in_use() / 1024)
    }

    private static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    private static func format(_ value: Double) -> String { String(format: "%.3f", value) }

    func report(items: Int) -> String {
        let (percentile, f) = (Self.percentile, Self.format)
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
            + "\"widthsAtWraps\":[\(widthsAtWraps.map { f($0) }.joined(separator: ","))]"
            + (probes.isEmpty ? "" : "," + fullSpeedReport())
            + "}"
    }
}
