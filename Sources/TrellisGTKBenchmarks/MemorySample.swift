import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
