// What docs/FlowLayout.md takes as given: measured tags, the visible rectangle, a new size.
import Trellis

let tags = [(width: 60.0, title: "Swift"), (width: 84.0, title: "Layout")]
let visibleRect = Rect(x: 0, y: 0, width: 375, height: 800)
let measured = ItemSize(width: 90, height: 30)
