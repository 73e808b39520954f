import CGtk
import CTrellisGtk
import Trellis
import TrellisKit

extension CollectionWidget {
    /// Pointer and key handling (selection, highlight, focus) — installed on the widget.
    func installInteraction() {}

    /// What the debug channel reports about interaction (focus, selection).
    func debugInteractionFields() -> [String] { [] }
}
