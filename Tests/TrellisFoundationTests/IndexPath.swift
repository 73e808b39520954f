import Trellis

// The one line an app module adds when its files import Foundation beside TrellisKit (see
// docs/Architecture.md, "IndexPath and Foundation"). Foundation and Trellis each declare a
// top-level `IndexPath`, and neither module re-exports the other, so Swift's lookup finds
// both and a type annotation is ambiguous. A declaration of the file's own module comes
// before every import, so this alias settles it for every file of the module, which then
// reads as its UIKit original.
typealias IndexPath = Trellis.IndexPath
