import Trellis

// This module imports Foundation, whose IndexPath would make the name ambiguous; a
// declaration of the module's own comes first, so in this module it is the collection's
// (docs/Architecture.md, "IndexPath and Foundation": the line every such app module adds).
typealias IndexPath = Trellis.IndexPath
