import Foundation
import Testing

/// Every ```swift block of the README, docs/*.md and the DocC articles is compiled against
/// the built modules, so a sample cannot drift from the API — or it says why it is not:
/// a block whose first line is `// Not compiled: <reason>` is left out (a manifest, a
/// pseudo-signature), with the reason in plain sight of the reader.
///
/// A block that begins with an `import` starts a program of its own, which a reader may
/// copy alone: it must import what it uses. A block without imports continues the program
/// of the blocks before it, as a reader takes them in order. Names a document takes as
/// given — "your data source", "a collection view" — are declared in its context file,
/// `Fixtures/doc-snippets/<document path>.swift`, compiled before each of its programs.
/// Diagnostics point at the markdown file and line (`#sourceLocation`).
///
/// The GTK article's blocks are instead the app Examples/GTKContacts word for word: that
/// app is built with the package and run by `WindowArticleAppTests`.
@Suite("Documentation snippets")
struct DocumentationSnippetTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Documents whose code is a source file of the package, compiled and run as such.
    static let mirroredDocuments = [
        "Sources/TrellisGTK/TrellisGTK.docc/UsingTrellisInYourGTKApp.md": "Examples/GTKContacts/main.swift",
    ]

    /// README.md, docs/*.md and every DocC catalog's articles, as paths from the package root.
    static let documents: [String] = {
        let files = FileManager.default
        var paths = ["README.md"]
        let docs = (try? files.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)) ?? []
        paths += docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        let sources = (try? files.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Sources").path)) ?? []
        for module in sources.sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let walker = files.enumerator(atPath: packageRoot.appendingPathComponent(catalog).path) else { continue }
            paths += walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths
    }()

    struct Block {
        var line: Int
        var code: String
        /// The reason given on the block's first line (`// Not compiled: …`), or nil.
        /// Whether the block's first line of code (after comments) is an import.
        var startsProgram: Bool {
            code.split(separator: "\n").first { !$0.hasPrefix("//") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                .hasPrefix("import ") ?? false
        }

        var notCompiledReason: String? {
            let first = code.prefix { $0 != "\n" }
            guard first.hasPrefix("// Not compiled:") else { return nil }
            return first.dropFirst("// Not compiled:".count).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The ```swift fenced blocks of `markdown`, without their indentation, with the line
    /// of their first code line.
    static func swiftBlocks(_ markdown: String) -> [Block] {
        let lines = markdown.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indentation = line.prefix { $0 == " " }.count
            let fence = line.dropFirst(indentation)
            guard fence.hasPrefix("```swift"), fence.dropFirst("```swift".count).allSatisfy({ $0 == " " }) else {
                index += 1
                continue
            }
            var code: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                code.append(String(lines[index].dropFirst(min(indentation, lines[index].prefix { $0 == " " }.count))))
                index += 1
            }
            blocks.append(Block(line: index - code.count + 1, code: code.joined(separator: "\n")))
            index += 1
        }
        return blocks
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("A document's Swift blocks compile, or say why not", arguments: documents)
    func blocksCompile(document: String) throws {
        let blocks = Self.swiftBlocks(try Self.read(document))
        for block in blocks {
            if let reason = block.notCompiledReason {
                #expect(!reason.isEmpty, "\(document):\(block.line): a block that is not compiled must say why")
            }
        }
        guard Self.mirroredDocuments[document] == nil else { return }
        let compiled = blocks.filter { $0.notCompiledReason == nil }
        guard !compiled.isEmpty else { return }
        var preamble = ""
        let context = "Tests/TrellisCLITests/Fixtures/doc-snippets/\(document).swift"
        if FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent(context).path) {
            preamble = "#sourceLocation(file: \"\(context)\", line: 1)\n" + (try Self.read(context)) + "\n"
        }
        var programs: [String] = []
        for block in compiled {
            if block.startsProgram || programs.isEmpty { programs.append(preamble) }
            programs[programs.count - 1] += "#sourceLocation(file: \"\(document)\", line: \(block.line))\n" + block.code + "\n"
        }
        for program in programs {
            let diagnostics = try SwiftCompiler.typecheck(program)
            #expect(diagnostics.isEmpty, "\(document) does not compile:\n\(diagnostics)")
        }
    }

    @Test("The GTK article's code is the example app, word for word")
    func mirroredDocumentsMatchTheirSources() throws {
        for (document, source) in Self.mirroredDocuments {
            let blocks = Self.swiftBlocks(try Self.read(document)).filter { $0.notCompiledReason == nil }
            #expect(!blocks.isEmpty)
            let article = blocks.map(\.code).joined(separator: "\n\n") + "\n"
            #expect(article == (try Self.read(source)), "\(document) and \(source) differ: change both")
        }
    }

    @Test func theExtractorFindsIndentedBlocksAndReasons() {
        let markdown = "Text\n\n```swift\nlet a = 1\n```\n\n- item\n\n  ```swift\n  // Not compiled: a fragment\n  x\n  ```\n\n```sh\nmake\n```\n"
        let blocks = Self.swiftBlocks(markdown)
        #expect(blocks.map(\.code) == ["let a = 1", "// Not compiled: a fragment\nx"])
        #expect(blocks.map(\.line) == [4, 10])
        #expect(blocks.map(\.notCompiledReason) == [nil, "a fragment"])
        #expect(Self.swiftBlocks("```swift\n// a comment\nimport Trellis\n```\n```swift\nlet b = 2\n```").map(\.startsProgram) == [true, false])
    }
}

/// `swiftc -typecheck` of a program against the modules `swift build` made (the folder of
/// the built `trellis` tool), with the C modules' headers found as SwiftPM finds them.
enum SwiftCompiler {
    static let binPath = TrellisTool.executable.deletingLastPathComponent()

    /// pkg-config's flags for GTK 4 and PangoCairo, for clang.
    static let cFlags: [String] = {
        let run = try? TrellisTool.run(["--cflags", "gtk4", "pangocairo"], program: URL(fileURLWithPath: TrellisWindow.which("pkg-config") ?? "/usr/bin/pkg-config"))
        return (run?.stdout ?? "").split(whereSeparator: \.isWhitespace).flatMap { ["-Xcc", String($0)] }
    }()

    /// The compiler's diagnostics (empty when the program type-checks).
    static func typecheck(_ program: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("doc-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("main.swift")
        try Data(program.utf8).write(to: file)
        let root = DocumentationSnippetTests.packageRoot
        let arguments = [
            "-typecheck", "-swift-version", "6", "-I", binPath.appendingPathComponent("Modules").path,
            "-I", root.appendingPathComponent("Sources/CPango").path, "-I", root.appendingPathComponent("Sources/CGtk").path,
            "-Xcc", "-fmodule-map-file=" + binPath.appendingPathComponent("CTrellisGtk.build/module.modulemap").path,
        ] + cFlags + [file.path]
        let compiler = URL(fileURLWithPath: TrellisWindow.which("swiftc") ?? "/usr/bin/swiftc")
        let run = try TrellisTool.run(arguments, program: compiler)
        return run.status == 0 ? "" : run.stderr + run.stdout
    }
}
