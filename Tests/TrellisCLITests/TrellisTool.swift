import Foundation

/// Runs the built `trellis` tool, as a user would, and reads what it prints and how it
/// exits. Shared by every end-to-end test of the command-line tool.
enum TrellisTool {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `trellis` executable: `swift build` puts every product of a configuration in one
    /// folder, beside (or above) the test bundle; else the package's `.build/debug`.
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("trellis")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fallback = packageRoot.appendingPathComponent(".build/debug/trellis")
        precondition(FileManager.default.isExecutableFile(atPath: fallback.path), "the trellis tool is not built at \(fallback.path)")
        return fallback
    }()

    /// Runs `program` (the tool, unless a test needs a shell in between).
    static func run(_ arguments: [String], stdin: Data? = nil, program: URL = executable) throws -> Run {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the tool.
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                   stderr: String(decoding: errData, as: UTF8.self))
    }
}
