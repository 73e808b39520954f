@_exported import CGtk
import CTrellisGtk

/// GTK's checked casts — the C macros `GTK_WINDOW()`, `GTK_SCROLLED_WINDOW()`, `GTK_BOX()`,
/// `G_APPLICATION()`, which Swift does not import — for an application that builds its own
/// window around a ``CollectionWidget``. GObject checks each cast at run time, as in C.
///
/// `import TrellisGTK` also imports GTK's C API (`CGtk`): `gtk_window_set_child`,
/// `gtk_box_append` and the rest are there without a module of the app's own.
public enum GtkCast {
    /// `GTK_WINDOW(widget)`.
    public static func window(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWindow> {
        trellis_as_window(widget)
    }

    /// `GTK_SCROLLED_WINDOW(widget)` (GtkScrolledWindow is opaque in GTK 4).
    public static func scrolledWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        trellis_as_scrolled_window(widget)
    }

    /// `GTK_BOX(widget)`.
    public static func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
        trellis_as_box(widget)
    }

    /// `GTK_LABEL(widget)` (GtkLabel is opaque in GTK 4).
    public static func label(_ widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        trellis_as_label(widget)
    }

    /// `G_APPLICATION(app)`.
    public static func application(_ app: UnsafeMutablePointer<GtkApplication>) -> UnsafeMutablePointer<GApplication> {
        trellis_as_application(app)
    }
}
