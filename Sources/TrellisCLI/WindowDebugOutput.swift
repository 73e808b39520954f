import Foundation
import TrellisGTK
import TrellisGTKBenchmarks

extension CollectionWidget {
    /// With `TRELLIS_GTK_DEBUG=1` in the environment, the widget's debug lines (one JSON
    /// object per frame and per input event) go to standard output as they come — unbuffered,
    /// as the window tests read them while the window runs.
    func printDebugLinesIfAsked() {
        guard ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" else { return }
        debugOutput = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        ScrollTestHook.attachIfAsked(to: self)
    }
}
