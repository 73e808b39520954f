import Trellis

// Foundation (used for the environment and standard streams) has an IndexPath too; in
// this module it is always the collection's.
typealias IndexPath = Trellis.IndexPath
