// docs/AutoLayout.md shows fragments of a program with these imports.
import Trellis
import TrellisKit
import TrellisText
