import CGtk
import Trellis
import TrellisKit

/// Activation — GTK's word for what UIKit calls an item's primary action: Enter on the
/// focused item or a double-click on an item, as in GtkListView, tells the collection
/// view's delegate `collectionView(_:performPrimaryActionForItemAt:)`. Selection is
/// separate: the first click of a double-click, and Enter, select the item as before; only
/// the delegate's primary action opens it. Shift and Ctrl change the selection only.
extension CollectionWidget {
    /// A click that ended on an item: the next one is a double-click when it ends on the
    /// same item within GTK's double-click time and distance.
    struct CompletedClick {
        var item: IndexPath
        var time: UInt32
        var x: Double, y: Double
    }

    /// Button 1 came up on `item` (nil: on no item) at `time` (the event's, in
    /// milliseconds): the second click of a double-click activates the item.
    func clickCompleted(on item: IndexPath?, x: Double, y: Double, time: UInt32, withModifiers: Bool) {
        guard let item, !withModifiers else {
            lastClick = nil
            return
        }
        if let previous = lastClick, previous.item == item, time &- previous.time <= Self.doubleClickTime,
           abs(x - previous.x) <= Self.doubleClickDistance, abs(y - previous.y) <= Self.doubleClickDistance {
            lastClick = nil   // a third click starts a new pair, as GTK counts them
            activate(item)
        } else {
            lastClick = CompletedClick(item: item, time: time, x: x, y: y)
        }
    }

    /// Tells the delegate to perform the item's primary action.
    func activate(_ item: IndexPath) {
        do {
            if try collectionView.userPerformPrimaryAction(at: item) {
                debug?.event("primaryAction", ["\"item\":[\(item.section),\(item.item)]"])
            }
        } catch {
            debug?.error("\(error)")
        }
    }

    /// GtkSettings' `gtk-double-click-time` (milliseconds; GTK's default 400).
    static var doubleClickTime: UInt32 { UInt32(max(0, settingsInteger("gtk-double-click-time") ?? 400)) }
    /// GtkSettings' `gtk-double-click-distance` (pixels; GTK's default 5).
    static var doubleClickDistance: Double { Double(settingsInteger("gtk-double-click-distance") ?? 5) }

    private static func settingsInteger(_ name: String) -> Int32? {
        gtk_settings_get_default().map { GtkSettingsValue.int(UnsafeMutableRawPointer($0), name) }
    }
}
