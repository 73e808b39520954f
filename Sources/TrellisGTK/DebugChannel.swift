import CTrellisGtk
import Foundation
import Trellis
import TrellisKit

/// The window's state as JSON lines on standard output, one per drawn frame and per scroll
/// event, enabled by `TRELLIS_GTK_DEBUG=1`. The window tests drive the real window with
/// xdotool and read these lines to know when a frame was drawn and where the item at the
/// top of the window is — never by calling the widget.
///
/// A frame line: `{"event":"frame","frame":3,"xid":…,"width":375,"height":800,"scale":1,
/// "offset":…,"value":…,"bias":…,"contentHeight":…,"top":{"section":0,"item":12,"y":-4.5},
/// "previousTop":{"section":0,"item":9,"y":-90.1},"measured":…,"total":…,"layoutMs":…,"drawMs":…}`
/// — `top` is the first item intersecting the window and its distance from the top edge;
/// `previousTop` is the previous frame's top item where it is now (absent when it left).
@MainActor
final class DebugChannel {
    private var previousTop: IndexPath?

    static func fromEnvironment() -> DebugChannel? {
        ProcessInfo.processInfo.environment["TRELLIS_GTK_DEBUG"] == "1" ? DebugChannel() : nil
    }

    func frame(_ host: CollectionWidget) {
        let collection = host.collectionView
        let bounds = collection.bounds
        var fields: [String] = [
            "\"event\":\"frame\"", "\"frame\":\(host.lastFrame.frame)",
            "\"xid\":\(trellis_widget_x11_window(host.trellisWidget))",
            "\"width\":\(json(bounds.width))", "\"height\":\(json(bounds.height))", "\"scale\":\(host.lastFrame.scale)",
            "\"offset\":\(json(bounds.minY))", "\"value\":\(json(host.lastValue))", "\"bias\":\(json(host.bias))",
            "\"contentHeight\":\(json(collection.contentSize.height))",
            "\"measured\":\(host.lastFrame.measuredItems)", "\"total\":\(host.lastFrame.totalItems)",
            "\"layoutMs\":\(json(host.lastFrame.layoutMilliseconds))", "\"drawMs\":\(json(host.lastFrame.drawMilliseconds))",
        ]
        let top = host.currentTopItem()
        if let top { fields.append("\"top\":\(item(top.indexPath, y: top.distance))") }
        if let previousTop, let frame = collection.layoutAttributesForItem(at: previousTop)?.frame, frame.intersects(bounds) {
            fields.append("\"previousTop\":\(item(previousTop, y: frame.minY - bounds.minY))")
        }
        fields.append(contentsOf: host.debugInteractionFields())
        previousTop = top?.indexPath
        emit(fields)
    }

    func scroll(value: Double, delta: Double, offset: Double, bias: Double) {
        emit(["\"event\":\"scroll\"", "\"value\":\(json(value))", "\"delta\":\(json(delta))",
              "\"offset\":\(json(offset))", "\"bias\":\(json(bias))"])
    }

    func event(_ name: String, _ fields: [String] = []) {
        emit(["\"event\":\"\(name)\""] + fields)
    }

    func error(_ message: String) {
        let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        emit(["\"event\":\"error\"", "\"message\":\"\(escaped)\""])
    }

    func item(_ indexPath: IndexPath, y: Double) -> String {
        "{\"section\":\(indexPath.section),\"item\":\(indexPath.item),\"y\":\(json(y))}"
    }

    private func emit(_ fields: [String]) {
        FileHandle.standardOutput.write(Data(("{" + fields.joined(separator: ",") + "}\n").utf8))
    }

    func json(_ value: Double) -> String {
        value.isFinite ? String(value) : "null"
    }
}
