// Must compile in the Swift 6 language mode: what docs/Concurrency.md allows.
import Trellis
import TrellisKit
import TrellisText

func measurersAndValuesAreShared(_ measurer: CachingTextMeasurer) async {
    await withTaskGroup(of: Double.self) { group in
        for width in [200.0, 300] {
            group.addTask {   // a Sendable measurer and Sendable values cross into tasks
                measurer.measure("shared", style: TextStyle(), maxWidth: width, maxLines: 0).height
            }
        }
    }
}

func engineMadeInATaskStaysThere() async -> Double {
    await Task.detached {   // a layout and a collection view made and used inside one task
        let layout = FlowLayout(metrics: FlowMetrics())
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: layout)
        return collection.bounds.width
    }.value
}
