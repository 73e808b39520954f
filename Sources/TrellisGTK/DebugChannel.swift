import CGtk
import CTrellisGtk
import Foundation
import Trellis
@_spi(Testing) import TrellisKit

/// The window's state as JSON lines, one per drawn frame and per input event, handed to
/// ``CollectionWidget/debugOutput`` (one line a call, without its newline). Nothing is
/// written anywhere unless an application sets it: the `trellis` tool prints the lines on
/// standard output when its environment has `TRELLIS_GTK_DEBUG=1`, and the window tests
/// drive the real window with xdotool and read them to know when a frame was drawn and
/// where the item at the top of the window is — never by calling the widget.
///
/// A frame line: `{"event":"frame","frame":3,"xid":…,"width":375,"height":800,"scale":1,
/// "offset":…,"value":…,"contentHeight":…,"top":{"section":0,"item":12,"y":-4.5},
/// "items":[[0,12,-4.5],[0,13,-4.5],…],"measured":…,"total":…,"layoutMs":…,"drawMs":…,"accessibilityMs":…,"accessibilityCpuMs":…}`
/// — `top` is the item nearest the top edge and its distance from it; `items` every cell
/// in view as [section, item, distance from the top edge, x, width, height], top first;
/// then `selected`, `focus`, `hover` and `highlighted` items as [section, item].
/// The frame line lists every item drawn in view, so a test can check that every item
/// visible in two consecutive frames moved by the same amount. `value` is the vertical
/// adjustment's value (GTK's scroll position: the content offset less the widget's
/// adjustment origin, which moves when the engine moves the offset to keep its anchor;
/// differences of values are the scrolls GTK made), `animating` whether a
/// scroll animation of the widget is under way. While an update animates, `items` has
/// the places the frame drew the items at, `updateProgress` the animation's curve value
/// (0…1), `updateElapsed` the frame clock's seconds since it started and `alphas` the
/// items drawn partly transparent as [section, item, alpha].
/// Input lines: `scroll` (value, offset), `press` (the item pressed), `release`
/// (the item whose selection it changed, if any), `cancel` (GTK cancelled the press: no
/// release follows), `motionWithoutButton` (a motion without button 1 held came between a
/// press and its release: what GtkGestureClick dropped clicks on), `focus`, `activate`;
/// the drags' `reorderBegin` (item), `reorderEnd`, `reorderCancel`, `swipeReveal`,
/// `swipeFull` (item, edge), `swipeClose`, `swipeAction` (item, action index),
/// `carouselDragBegin` and `carouselDragEnd` (section, release velocity, resting offset).
@MainActor
final class DebugChannel {
    /// Where the lines go: ``CollectionWidget/debugOutput``.
    let output: (String) -> Void

    init(output: @escaping (String) -> Void) {
        self.output = output
    }

    func frame(_ host: CollectionWidget) {
        let collection = host.collectionView
        let bounds = collection.bounds
        var fields: [String] = [
            "\"event\":\"frame\"", "\"frame\":\(host.lastFrame.frame)",
            "\"xid\":\(trellis_collection_widget_x11_window(host.trellisWidget))",
            "\"width\":\(json(bounds.width))", "\"height\":\(json(bounds.height))", "\"scale\":\(host.lastFrame.scale)",
            "\"offset\":\(json(bounds.minY))",
            "\"value\":\(json(gtk_adjustment_get_value(trellis_collection_widget_get_vadjustment(host.trellisWidget))))",
            "\"animating\":\(host.scrollAnimation != nil)",
            "\"contentHeight\":\(json(collection.contentSize.height))",
            // Along x, for a horizontal collection: its offset, horizontal adjustment value
            // and content width.
            "\"offsetX\":\(json(bounds.minX))",
            "\"valueX\":\(json(gtk_adjustment_get_value(trellis_collection_widget_get_hadjustment(host.trellisWidget))))",
            "\"contentWidth\":\(json(collection.contentSize.width))",
            "\"measured\":\(host.lastFrame.measuredItems)", "\"measurements\":\(collection.sizeCache.measurementCount)", "\"total\":\(host.lastFrame.totalItems)",
            "\"layoutMs\":\(json(host.lastFrame.layoutMilliseconds))", "\"drawMs\":\(json(host.lastFrame.drawMilliseconds))",
            "\"accessibilityMs\":\(json(host.lastFrame.accessibilityMilliseconds))",
            "\"accessibilityCpuMs\":\(json(host.lastFrame.accessibilityCPUMilliseconds))",
            "\"cellsDrawn\":\(host.lastFrame.cellsDrawnIntoPictures)", "\"cellsCopied\":\(host.lastFrame.cellsCopiedFromPictures)",
            "\"cellsDrawnDirectly\":\(host.lastFrame.cellsDrawnDirectly)",
        ]
        // Where the widget's top-left corner is in its window (the tests click at items
        // through it).
        var originX = 0.0, originY = 0.0
        if let root = gtk_widget_get_root(host.widget) {
            _ = gtk_widget_translate_coordinates(
                host.widget, UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self), 0, 0, &originX, &originY)
        }
        fields.append("\"origin\":[\(json(originX)),\(json(originY))]")
        // Where the frame drew the items: mid-animation, not where the layout has them.
        let (shown, alphas) = host.drawnShownItems()
        if let top = shown.first { fields.append("\"top\":\(item(top.indexPath, y: top.distance))") }
        fields.append("\"items\":[" + shown.map { "[\($0.indexPath.section),\($0.indexPath.item),\(json($0.distance)),\(json($0.minX)),\(json($0.width)),\(json($0.height))]" }.joined(separator: ",") + "]")
        if let progress = host.updateAnimationProgress {
            fields.append("\"updateProgress\":\(json(progress))")
            fields.append("\"updateElapsed\":\(json(host.updateAnimationElapsed ?? 0))")
            fields.append("\"alphas\":[" + alphas.sorted { $0.key < $1.key }.map { "[\($0.key.section),\($0.key.item),\(json($0.value))]" }.joined(separator: ",") + "]")
        }
        fields.append(contentsOf: host.debugInteractionFields())
        emit(fields)
    }

    func scroll(value: Double, offset: Double) {
        emit(["\"event\":\"scroll\"", "\"value\":\(json(value))", "\"offset\":\(json(offset))"])
    }

    func event(_ name: String, _ fields: [String] = []) {
        emit(["\"event\":\"\(name)\""] + fields)
    }

    func error(_ message: String) {
        emit(["\"event\":\"error\"", "\"message\":\(Self.quoted(message))"])
    }

    /// `text` as a JSON string, quotes included.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func item(_ indexPath: IndexPath, y: Double) -> String {
        "{\"section\":\(indexPath.section),\"item\":\(indexPath.item),\"y\":\(json(y))}"
    }

    private func emit(_ fields: [String]) {
        output("{" + fields.joined(separator: ",") + "}")
    }

    func json(_ value: Double) -> String {
        value.isFinite ? String(value) : "null"
    }
}
