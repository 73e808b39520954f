// Must NOT compile in the Swift 6 language mode: a view used from two tasks at once.
import Trellis
import TrellisKit

func viewSharedWithAnotherTask() async {
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    Task.detached { view.frame.size.width = 20 }   // error: sending … risks causing data races
    view.frame.size.width = 30
}

func layoutSharedWithAnotherTask() async {
    let layout = FlowLayout(metrics: FlowMetrics())
    Task.detached { layout.prepare(from: StaticLayoutSource(containerSize: Size(width: 1, height: 1), sections: [])) }
    _ = layout.contentSize
}
