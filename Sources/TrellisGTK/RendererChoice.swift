import CGtk
import Foundation

/// Which GSK renderer the application's windows use, chosen before GTK opens the display.
///
/// Everything a ``CollectionWidget`` shows is drawn with Cairo on the CPU (a Cairo node per
/// frame), so without a GPU the GL renderer only adds a software GL (Mesa's llvmpipe)
/// between that drawing and the window — and GDK on X11 loads and probes EGL and GLX when
/// it opens the display (to choose the window's visual), which took 45–55 ms of a 150 ms
/// start here (Xvfb, docs/perf/gtk.md). ``cairoWithoutGPU`` (what ``GtkApplicationRunner``
/// applies unless told otherwise) uses GSK's Cairo renderer and turns GL off only when the
/// machine has no GPU; a GPU, or a renderer or GDK setting the user chose in the
/// environment, is left alone.
///
/// An application that runs its own `GtkApplication` calls ``apply()`` before
/// `g_application_run` (or `gtk_init`):
///
/// ```swift
/// RendererChoice.cairoWithoutGPU.apply()
/// let app = gtk_application_new("org.example.Contacts", G_APPLICATION_DEFAULT_FLAGS)
/// ```
public enum RendererChoice: Sendable, Hashable {
    /// GTK's own choice: nothing is set.
    case automatic
    /// GSK's Cairo renderer and no GL when there is no GPU device; GTK's choice otherwise.
    case cairoWithoutGPU
    /// GSK's Cairo renderer and no GL, GPU or not (a window that draws nothing with GL).
    case cairo

    /// Sets the choice in the process's environment, where GSK and GDK read it when the
    /// display is opened: call it before GTK starts, on the main thread, before other
    /// threads read the environment. A variable the user set (`GSK_RENDERER`, `GDK_DISABLE`,
    /// `GDK_DEBUG`) is never overwritten.
    public func apply() {
        switch self {
        case .automatic: return
        case .cairoWithoutGPU: if Self.hasGPU(devices: FileManager.default) { return }
        case .cairo: break
        }
        let environment = ProcessInfo.processInfo.environment
        if environment["GSK_RENDERER"] == nil { setenv("GSK_RENDERER", "cairo", 1) }
        guard ProcessInfo.processInfo.environment["GSK_RENDERER"] == "cairo" else { return }
        // GL is used for nothing else here (no GtkGLArea). GTK before 4.16 reads
        // GDK_DEBUG=gl-disable; 4.16 moved the switch to GDK_DISABLE=gl.
        let (name, value) = gtk_get_minor_version() >= 16 ? ("GDK_DISABLE", "gl") : ("GDK_DEBUG", "gl-disable")
        if environment[name] == nil { setenv(name, value, 1) }
    }

    /// Whether a GPU is there to render with: a DRM render node (`/dev/dri/renderD*`, every
    /// Mesa driver and NVIDIA's with its DRM module) or NVIDIA's own device node.
    public static func hasGPU(devices: FileManager = .default) -> Bool {
        let renderNodes = (try? devices.contentsOfDirectory(atPath: "/dev/dri"))?.contains { $0.hasPrefix("renderD") } ?? false
        return renderNodes || devices.fileExists(atPath: "/dev/nvidia0")
    }
}
