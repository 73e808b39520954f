import CGdkPixbuf
import Foundation
import Testing
import Trellis
import TrellisKit
@testable import TrellisImages

/// The loader and the codec with real files written by gdk-pixbuf's savers: decoding at
/// display size, off the main thread, results delivered on the thread that iterates the
/// default main context, cancellation, typed errors.
extension MainContextSuites {
    @Suite("ImageLoader", .serialized)
    struct ImageLoaderTests {
        let directory: String

        init() throws {
            directory = NSTemporaryDirectory() + "trellis-images-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        /// A gradient image of `width × height` written as `name`.
        func write(_ name: String, width: Int, height: Int, as format: PixbufCodec.Format) throws -> String {
            var rgba: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width { rgba += [UInt8(x * 255 / width), UInt8(y * 255 / height), 128, 255] }
            }
            let path = directory + "/" + name
            try PixbufCodec.write(try Image(pixelWidth: width, pixelHeight: height, rgba: rgba), to: path, as: format)
            return path
        }

        /// Iterates the default main context until `done` or 10 s pass.
        func runMainContext(until done: () -> Bool) {
            let deadline = Date().addingTimeInterval(10)
            while !done() && Date() < deadline {
                if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
            }
        }

        @Test func decodesJPEGAndPNGScaledWhileDecodingKeepingTheRatio() throws {
            let jpeg = try write("wide.jpg", width: 800, height: 400, as: .jpeg(quality: 85))
            let png = try write("tall.png", width: 300, height: 600, as: .png)
            let small = try PixbufCodec.decode(file: jpeg, pixelWidth: 200)
            #expect(small.pixelWidth == 200 && small.pixelHeight == 100)
            let tall = try PixbufCodec.decode(file: png, pixelWidth: 150, scale: 2)
            #expect(tall.pixelWidth == 150 && tall.pixelHeight == 300 && tall.size == Size(width: 75, height: 150))
            // The gradient survives: left dark, right bright in red (PNG is lossless).
            #expect(tall.pixel(x: 0, y: 0).red < 5 && tall.pixel(x: 149, y: 0).red > 245)
            // Never enlarged.
            let natural = try PixbufCodec.decode(file: png, pixelWidth: 1000)
            #expect(natural.pixelWidth == 300 && natural.pixelHeight == 600)
        }

        @Test func badFilesAreTypedErrorsNamingThePath() throws {
            let missing = directory + "/missing.png"
            #expect { try PixbufCodec.decode(file: missing, pixelWidth: 10) } throws: {
                ($0 as? ImageError)?.code == .undecodable && "\($0)".contains(missing)
            }
            let garbage = directory + "/garbage.jpg"
            FileManager.default.createFile(atPath: garbage, contents: Data("not a jpeg at all".utf8))
            #expect { try PixbufCodec.decode(file: garbage, pixelWidth: 10) } throws: {
                ($0 as? ImageError)?.code == .undecodable && "\($0)".contains(garbage)
            }
            let png = try write("ok.png", width: 10, height: 10, as: .png)
            #expect { try PixbufCodec.decode(file: png, pixelWidth: 0) } throws: { ($0 as? ImageError)?.code == .invalidPixels }
            #expect { try PixbufCodec.write(Image(pixelWidth: 1, pixelHeight: 1, color: .black), to: directory + "/no/such/dir.png", as: .png) } throws: {
                ($0 as? ImageError)?.code == .unwritable && "\($0)".contains("/no/such/dir.png")
            }
        }

        @Test func decodesOffTheMainThreadAndDeliversOnIt() throws {
            let paths = try (0..<6).map { try write("p\($0).\($0 % 2 == 0 ? "jpg" : "png")", width: 320 + 40 * $0, height: 240, as: $0 % 2 == 0 ? .jpeg(quality: 80) : .png) }
            let mainThread = pthread_self()
            let decodeThreads = ThreadRecord()
            let loader = ImageLoader<Int>(threads: 2) { request in
                decodeThreads.add(pthread_self())
                return try PixbufCodec.decode(file: request.path, pixelWidth: request.pixelWidth)
            }
            var delivered: [Int: Image] = [:]
            var deliveredOnMain = true
            loader.onLoad = { key, result in
                deliveredOnMain = deliveredOnMain && pthread_equal(pthread_self(), mainThread) != 0
                delivered[key] = try? result.get()
            }
            for (key, path) in paths.enumerated() { loader.load(.init(key: key, path: path, pixelWidth: 160)) }
            // Nothing arrives without the main context running: delivery is not on a worker.
            usleep(200_000)
            #expect(delivered.isEmpty)
            runMainContext { delivered.count == paths.count }
            #expect(delivered.count == paths.count)
            #expect(deliveredOnMain)
            #expect(!decodeThreads.threads.isEmpty)
            #expect(decodeThreads.threads.allSatisfy { pthread_equal($0, mainThread) == 0 }, "decoded on the main thread")
            // Each at 160 pixels wide, its height in the file's ratio (320 + 40·key by 240).
            for (key, image) in delivered {
                let height = 160.0 * 240 / Double(320 + 40 * key)
                #expect(image.pixelWidth == 160 && abs(Double(image.pixelHeight) - height) <= 1, "image \(key): \(image)")
            }
            #expect(loader.outstandingCount == 0)
        }

        @Test func cancelledRequestsAreNotDeliveredAndUrgentOnesGoFirst() throws {
            let path = try write("c.png", width: 64, height: 64, as: .png)
            let gate = DispatchSemaphore(value: 0)
            let order = ThreadRecord()
            // One thread, held on its first request, so the rest wait in the queue.
            let loader = ImageLoader<Int>(threads: 1) { request in
                if request.key == 0 { gate.wait() }
                order.addKey(request.key)
                return try PixbufCodec.decode(file: request.path, pixelWidth: 32)
            }
            var delivered: [Int] = []
            loader.onLoad = { key, _ in delivered.append(key) }
            loader.load(.init(key: 0, path: path, pixelWidth: 32))
            usleep(100_000)  // the worker takes 0 and waits at the gate
            for key in 1...4 { loader.load(.init(key: key, path: path, pixelWidth: 32)) }
            loader.load(.init(key: 1, path: path, pixelWidth: 32))  // already queued: not twice
            loader.load(.init(key: 4, path: path, pixelWidth: 32), urgent: true)
            loader.cancel(2)
            loader.cancel(0)  // being decoded: its result is dropped
            #expect(loader.isLoading(0) && !loader.isLoading(2) && loader.isLoading(4))
            gate.signal()
            runMainContext { delivered.count == 3 }
            usleep(100_000)
            g_main_context_iteration(nil, 0)
            #expect(order.keys == [0, 4, 1, 3])
            #expect(delivered == [4, 1, 3])
            #expect(loader.outstandingCount == 0)
        }

        @Test func aFailedDecodeIsDeliveredAsItsError() throws {
            let loader = ImageLoader<Int>()
            var result: Result<Image, ImageError>?
            loader.onLoad = { _, outcome in result = outcome }
            loader.load(.init(key: 7, path: directory + "/absent.jpg", pixelWidth: 100))
            runMainContext { result != nil }
            guard case .failure(let error)? = result else {
                Issue.record("expected a failure, got \(String(describing: result))")
                return
            }
            #expect(error.code == .undecodable && error.message.contains("absent.jpg"))
        }
    }
}

/// Threads and keys seen by decode closures, from any thread.
final class ThreadRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [pthread_t] = []
    private var seenKeys: [Int] = []
    func add(_ thread: pthread_t) { lock.withLock { seen.append(thread) } }
    func addKey(_ key: Int) { lock.withLock { seenKeys.append(key) } }
    var threads: [pthread_t] { lock.withLock { seen } }
    var keys: [Int] { lock.withLock { seenKeys } }
}
