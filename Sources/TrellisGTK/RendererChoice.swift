import CGtk
import Foundation

/// GSK's renderer when the machine has no GPU. Everything the widget shows is drawn with
/// Cairo on the CPU (a Cairo node per frame), so without a GPU the GL renderer only adds a
/// software GL (Mesa's llvmpipe) between that drawing and the window — and GDK on X11 loads
/// and probes EGL and GLX when it opens the display (to choose the window's visual), which
/// took 45–55 ms of a 150 ms start here (Xvfb, docs/perf/gtk.md). So with no GPU device the
/// window uses GSK's Cairo renderer and GL is left off, as an application may choose for
/// itself; a GPU, or a renderer or GDK debug setting the user chose, is left alone.
enum RendererChoice {
    /// Sets `GSK_RENDERER=cairo` and turns GDK's GL off when there is no GPU and the user
    /// set neither; must run before GTK opens the display.
    static func applyBeforeGtkStarts() {
        let environment = ProcessInfo.processInfo.environment
        guard !hasGPU(devices: FileManager.default) else { return }
        if environment["GSK_RENDERER"] == nil { setenv("GSK_RENDERER", "cairo", 1) }
        guard ProcessInfo.processInfo.environment["GSK_RENDERER"] == "cairo" else { return }
        // GL is used for nothing else here (no GtkGLArea). GTK before 4.16 reads
        // GDK_DEBUG=gl-disable; 4.16 moved the switch to GDK_DISABLE=gl.
        let (name, value) = gtk_get_minor_version() >= 16 ? ("GDK_DISABLE", "gl") : ("GDK_DEBUG", "gl-disable")
        if environment[name] == nil { setenv(name, value, 1) }
    }

    /// Whether a GPU is there to render with: a DRM render node (`/dev/dri/renderD*`, every
    /// Mesa driver and NVIDIA's with its DRM module) or NVIDIA's own device node.
    static func hasGPU(devices: FileManager) -> Bool {
        let renderNodes = (try? devices.contentsOfDirectory(atPath: "/dev/dri"))?.contains { $0.hasPrefix("renderD") } ?? false
        return renderNodes || devices.fileExists(atPath: "/dev/nvidia0")
    }
}
