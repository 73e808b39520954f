import Foundation

/// A fixed piece of work timed right before a benchmark frame, telling how fast the
/// machine ran at that moment: a shared virtual machine runs the same code at several
/// speeds as its host's other tenants come and go (the same frame's work in stretches of
/// 5 ms and of 9 ms). Pairing each frame's work with the probe taken before it separates
/// a frame that did more work from a frame the machine ran slowly.
///
/// The probe follows a chain of 20,000 links through 128 KB (one cycle in a scrambled
/// order, so every step is a dependent load the prefetcher cannot guess): the kind of work
/// a frame does — pointer chasing through memory, which another tenant's use of the core
/// and its caches slows — and about 0.16 ms of it at full speed.
struct MachineSpeedProbe {
    private var next: [UInt32]
    private var position: UInt32 = 0
    private let steps = 20_000

    init() {
        // A full-period linear congruential step modulo 2^15 (Hull–Dobell: the increment is
        // odd, the multiplier is 1 modulo 4) visits every slot once before it repeats, in
        // an order whose strides the prefetcher cannot follow.
        let slots = 32_768
        next = (0..<UInt32(slots)).map { ($0 &* 1_664_525 &+ 1_013_904_223) & UInt32(slots - 1) }
    }

    /// Runs the probe once; returns how long it took, in microseconds.
    mutating func measure() -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        var position = self.position
        next.withUnsafeBufferPointer { chain in
            for _ in 0..<steps { position = chain[Int(position)] }
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        // Kept, so the chase is not optimised away.
        self.position = position
        return Double(elapsed) / 1e3
    }

    /// How many links the chain has before it comes back to where it started: all of them,
    /// when the chain is one cycle (so no run of the probe loops in a few cached slots).
    var cycleLength: Int {
        var position = next[0], length = 1
        while position != 0 {
            position = next[Int(position)]
            length += 1
        }
        return length
    }

    var slotCount: Int { next.count }
}
