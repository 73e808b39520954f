import Foundation

/// `transform` applied to every element on up to `threads` threads (by default one per
/// available core), in contiguous runs of at least `minimumRun` elements: the results come
/// back in the order of `elements`, so the output does not depend on which thread did
/// what — only on `transform` being a pure function of its element (and of state of its
/// own thread that gives the same answers, as `PangoTextMeasurer`'s per-thread objects do).
///
/// `makeWorker` is called once per run, on the run's thread, and its result is handed to
/// every `transform` of that run: the place for objects that must not be shared between
/// threads, such as a sizing cell.
///
/// - Parameters:
///   - elements: what to transform.
///   - threads: the most threads at once (1: everything on the calling thread).
///   - minimumRun: the fewest elements a run gets (fewer runs for short inputs).
///   - makeWorker: makes the per-run state, on the run's thread.
///   - transform: the result for one element, given the run's state.
/// - Returns: `transform` of each element, in the order of `elements`.
/// - Complexity: O(n) calls of `transform`, spread over the threads.
public func parallelMap<Element: Sendable, Worker, Result: Sendable>(
    _ elements: [Element], threads: Int = ProcessInfo.processInfo.activeProcessorCount, minimumRun: Int = 256,
    makeWorker: @escaping @Sendable () -> Worker, _ transform: @escaping @Sendable (inout Worker, Element) -> Result
) -> [Result] {
    guard !elements.isEmpty else { return [] }
    let runs = max(1, min(max(1, threads) * 8, elements.count / max(1, minimumRun)))
    var results: [Result?] = Array(repeating: nil, count: elements.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let output = ResultBuffer(buffer: buffer)
        let measureRun = { @Sendable (run: Int) in
            let start = elements.count * run / runs, end = elements.count * (run + 1) / runs
            guard start < end else { return }
            var worker = makeWorker()
            for index in start..<end { output.buffer[index] = transform(&worker, elements[index]) }
        }
        if runs == 1 || threads <= 1 {
            for run in 0..<runs { measureRun(run) }
        } else {
            DispatchQueue.concurrentPerform(iterations: runs, execute: measureRun)
        }
    }
    return results.map { $0! }
}

/// ``parallelMap(_:threads:minimumRun:makeWorker:_:)`` without per-run state.
///
/// - Parameters:
///   - elements: what to transform.
///   - threads: the most threads at once (1: everything on the calling thread).
///   - minimumRun: the fewest elements a run gets.
///   - transform: the result for one element.
/// - Returns: `transform` of each element, in the order of `elements`.
public func parallelMap<Element: Sendable, Result: Sendable>(
    _ elements: [Element], threads: Int = ProcessInfo.processInfo.activeProcessorCount, minimumRun: Int = 256,
    _ transform: @escaping @Sendable (Element) -> Result
) -> [Result] {
    parallelMap(elements, threads: threads, minimumRun: minimumRun, makeWorker: {}) { _, element in transform(element) }
}

/// The result buffer the threads write to: each writes only its own run of indices, and
/// the buffer outlives them (`concurrentPerform` returns when all are done), so no two
/// threads touch the same element and nothing reads while they write.
private struct ResultBuffer<Result>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Result?>
}
