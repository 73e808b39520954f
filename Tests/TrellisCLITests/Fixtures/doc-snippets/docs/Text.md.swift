// What docs/Text.md's drawing fragments take as given: a Cairo context, a box and a text
// (the style is the page's first example's).
// (CPango is the package's own system-library module; an app reaches Cairo through its own.)
import CPango
import TrellisPango
import TrellisText

let cr = cairo_create(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 100))!
let boxX = 10.0, boxY = 10.0, w = 180.0, n = 2
let text = "Hello, World"
