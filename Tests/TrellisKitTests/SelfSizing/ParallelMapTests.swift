import Dispatch
import Foundation
import Testing
import TrellisKit

/// `parallelMap` and `ParallelRuns`, the one helper that spreads work over threads: every
/// element transformed once, results in the order of the elements whatever the number of
/// threads, runs contiguous with one worker each made on the run's thread. The suite's name
/// starts with "ThreadSafety" so `make tsan` runs it under ThreadSanitizer.
@Suite struct ThreadSafetyParallelMapTests {
    /// Seeded work whose cost differs per element, so threads finish runs at different times.
    static func work(_ element: Int) -> Int {
        var x = UInt64(truncatingIfNeeded: element) &+ 0x9E37_79B9_7F4A_7C15
        for _ in 0..<(element % 97) { x = x &* 6364136223846793005 &+ 1442695040888963407 }
        return Int(truncatingIfNeeded: x >> 1)
    }

    @Test(arguments: [0, 1, 7, 255, 256, 1000, 10_007])
    func resultsComeBackInElementOrderOnAnyNumberOfThreads(count: Int) {
        let elements = Array(0..<count)
        let expected = elements.map(Self.work)
        for threads in [1, 2, 3, 8] {
            for minimumRun in [1, 16, 256] {
                let results = parallelMap(elements, threads: threads, minimumRun: minimumRun) { Self.work($0) }
                #expect(results == expected, "threads \(threads), minimumRun \(minimumRun)")
            }
        }
    }

    /// Each run makes its worker once, on the thread that runs it, and hands it to every
    /// element of the run: the elements a worker saw are one contiguous, ascending range,
    /// and the ranges cover every element once.
    @Test func eachRunHasOneWorkerMadeOnItsThreadForAContiguousRange() {
        let elements = Array(0..<5_000)
        let nextWorker = NSLock(), made = Counter()
        let results = parallelMap(elements, threads: 4, minimumRun: 100, makeWorker: { () -> (id: Int, thread: pthread_t) in
            nextWorker.lock()
            defer { nextWorker.unlock() }
            return (made.increment(), pthread_self())
        }) { worker, element in
            (worker: worker.id, element: element, onItsThread: pthread_equal(worker.thread, pthread_self()) != 0)
        }
        #expect(results.map(\.element) == elements)
        #expect(results.allSatisfy { $0.onItsThread }, "a worker was used on another thread than the one that made it")
        var ranges: [Int: [Int]] = [:]
        for result in results { ranges[result.worker, default: []].append(result.element) }
        #expect(ranges.count == made.value)
        #expect(ranges.count > 1 && ranges.count <= 4 * 8)
        for (_, range) in ranges {
            #expect(range == Array(range.first!...range.last!))
        }
    }

    /// An executor (here Dispatch's pool) runs the runs instead of threads made per call:
    /// the same results, and each iteration it is given is one run.
    @Test func anExecutorRunsTheRunsWithTheSameResults() {
        let elements = Array(0..<3_000)
        let iterations = Counter()
        let results = parallelMap(elements, threads: 2, minimumRun: 50, executor: { count, body in
            iterations.add(count)
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }, makeWorker: {}) { _, element in Self.work(element) }
        #expect(results == elements.map(Self.work))
        #expect(iterations.value == 16)
    }

    /// `ParallelRuns.perform` calls every run exactly once, with more runs than threads,
    /// fewer, and one thread; and returns only when all have returned.
    @Test func everyRunIsPerformedExactlyOnce() {
        for (runs, threads) in [(1, 1), (5, 1), (3, 8), (64, 2), (1_000, 3)] {
            let calls = CallsPerRun(runs)
            ParallelRuns.perform(runs: runs, threads: threads) { run in calls.record(run) }
            #expect(calls.counts == Array(repeating: 1, count: runs), "runs \(runs), threads \(threads)")
        }
    }
}

/// A counter several threads may bump.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0  // only under `lock`

    func increment() -> Int { add(1) - 1 }

    @discardableResult
    func add(_ amount: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += amount
        return count
    }

    var value: Int { add(0) }
}

/// How often each run was called.
private final class CallsPerRun: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [Int]  // only under `lock`

    init(_ runs: Int) { calls = Array(repeating: 0, count: runs) }

    func record(_ run: Int) {
        lock.lock()
        defer { lock.unlock() }
        calls[run] += 1
    }

    var counts: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
}
