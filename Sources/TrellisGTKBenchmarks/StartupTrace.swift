import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a window's start-up time goes, for the debug channel (`TRELLIS_GTK_DEBUG=1`):
/// named moments on the boot-time clock, reported relative to the process's start as the
/// kernel recorded it (`/proc/self/stat`), so the time the dynamic loader and the Swift
/// runtime take before `main` is counted too; and with each moment the processor time the
/// process had used by then (every thread, user and system), which a loaded machine
/// stretches far less than the wall time, so the work of each step can be compared across
/// runs and with the C peers (`Benchmarks/gtk-peers`, the same fields). Without the debug
/// variable nothing is recorded.
@MainActor
package enum StartupTrace {
    private static let enabled = ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1"
    private static var marks: [(name: String, nanoseconds: UInt64, processorMilliseconds: Double)] = []

    /// Records that start-up reached `moment` now (the first time only, per name).
    ///
    /// - Parameter moment: a short name for the moment (`"main"`, `"gtkInit"`, …).
    package static func mark(_ moment: String) {
        guard enabled, !marks.contains(where: { $0.name == moment }) else { return }
        marks.append((moment, bootTimeNanoseconds(), processorMilliseconds()))
    }

    /// Milliseconds from the process's start to now (nil when the kernel's record cannot be
    /// read). The kernel keeps the start in clock ticks (10 ms here), rounded down, so this
    /// can be up to one tick longer than the truth, never shorter.
    package static func millisecondsSinceProcessStart() -> Double? {
        processStart.map { Double(bootTimeNanoseconds() - $0) / 1e6 }
    }

    /// The recorded moments as a JSON object of milliseconds since the process started,
    /// in the order they happened.
    package static func momentsJSON() -> String {
        guard let start = processStart else { return "{}" }
        let fields = marks.map { "\"\($0.name)\":\(String(format: "%.1f", Double(Int64($0.nanoseconds) - Int64(start)) / 1e6))" }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The recorded moments as a JSON object of the processor milliseconds the process had
    /// used by each, in the order they happened.
    package static func processorMomentsJSON() -> String {
        "{" + marks.map { "\"\($0.name)\":\(String(format: "%.1f", $0.processorMilliseconds))" }.joined(separator: ",") + "}"
    }

    /// The processor time the process has used so far, every thread, user and system, in ms.
    package static func processorMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec) / 1e3
        return user + Double(usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_stime.tv_usec) / 1e3
    }

    /// Now on the clock `/proc/self/stat`'s start time is counted on (CLOCK_BOOTTIME).
    static func bootTimeNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The process's start on the boot-time clock: field 22 of `/proc/self/stat`, in clock
    /// ticks since boot (the fields after the command name, which may hold spaces, are
    /// counted from the closing parenthesis: field 3 is the first of them).
    private static let processStart: UInt64? = {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = UInt64(fields[19]) else { return nil }
        let perSecond = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
        return ticks * (1_000_000_000 / perSecond)
    }()
}
