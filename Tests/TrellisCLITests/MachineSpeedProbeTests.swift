import Testing
@testable import TrellisGTKBenchmarks

/// The window scroll benchmark's reading of the machine's speed (`TRELLIS_GTK_BENCH_PROBE=1`):
/// which frames count as run at full speed, and a probe that cannot be cached away.
@Suite("Window scroll benchmark: the machine's speed")
struct MachineSpeedProbeTests {
    @Test func theProbesChainVisitsEverySlotBeforeItRepeats() {
        let probe = MachineSpeedProbe()
        #expect(probe.slotCount == 32_768)
        #expect(probe.cycleLength == probe.slotCount)
    }

    @Test func theProbeTakesTime() {
        var probe = MachineSpeedProbe()
        #expect(probe.measure() > 0)
    }

    /// 200 frames whose probe took 100 µs, but for slow stretches: a frame counts only
    /// when the probes on both sides of it are within a quarter of the fastest.
    @Test func aFrameWithASlowProbeOnEitherSideIsLeftOut() {
        var run = ScrollRun(frames: 200, step: .page)
        run.probes = Array(repeating: 100, count: 200)
        run.work = (0..<200).map { Double($0) }
        // Frame 10's probe is slow: frames 9 (after it) and 10 (before it) are out.
        run.probes[10] = 130
        // Within the tolerance: kept.
        run.probes[20] = 124
        // A slow stretch, 50...59: frames 49...59 are out.
        for index in 50...59 { run.probes[index] = 300 }
        let (work, reference) = run.fullSpeedWork()
        #expect(reference == 100)
        let expected = (0..<199).filter { ![9, 10].contains($0) && !(49...59).contains($0) }.map(Double.init)
        #expect(work == expected)
    }

    /// One lucky probe, far faster than the rest, does not make every frame slow: the
    /// reference is the probes' 1st percentile.
    @Test func oneLuckyProbeDoesNotSetTheReference() {
        var run = ScrollRun(frames: 300, step: .page)
        run.probes = Array(repeating: 100, count: 300)
        run.probes[0] = 20
        run.work = Array(repeating: 5, count: 300)
        let (work, reference) = run.fullSpeedWork()
        #expect(reference == 100)
        #expect(work.count == 299)
    }
}
