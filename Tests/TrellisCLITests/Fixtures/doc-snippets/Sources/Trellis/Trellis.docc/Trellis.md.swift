// The Trellis landing page's fragment uses this module alone.
import Trellis
