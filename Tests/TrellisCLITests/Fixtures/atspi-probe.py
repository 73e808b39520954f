#!/usr/bin/python3
"""What a screen reader sees of a GTK program, as JSON lines on standard output.

Usage (in a D-Bus session of its own, on an X server):
    dbus-run-session -- python3 atspi-probe.py REQUEST_FILE PROGRAM [ARGUMENT...]
    dbus-run-session -- python3 atspi-probe.py REQUEST_FILE --flowbox N
    dbus-run-session -- python3 atspi-probe.py REQUEST_FILE --late SECONDS PROGRAM [ARGUMENT...]

Starts the AT-SPI registry (so the program registers with it at start-up), runs PROGRAM
(or, with --flowbox, a GtkFlowBox of N labels: the peer GTK's own widgets are compared
with) with GTK's AT-SPI backend, and prints, beside whatever the program prints:

- {"event":"atspiEvent","type":...,"detail":0|1,"role":...,"name":...} for each focus,
  selection and expansion change AT-SPI reports (what Orca hears);
- {"event":"atspiTree","request":N,"nodes":[...]} — the program's accessible tree, one
  node a line of it with its depth, role, name, description, states and extents (screen
  coordinates) — when the program's window has appeared, and again each time
  REQUEST_FILE is created (the test's way to ask; the probe deletes it, then answers).

With --late, the probe subscribes to events only SECONDS after the window appeared, and
reads the tree after that: a screen reader started while the program runs.

Exits when the program does, with its status; creating REQUEST_FILE.quit ends the
program (the test's way out, whatever state the window is in: dbus-run-session does not
pass a signal on to the probe).
"""
import ctypes
import json
import os
import signal
import subprocess
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

# The accessibility bus of this D-Bus session, for the probe and the program. Both would
# otherwise take the address an earlier session left on the X server's root window
# (AT_SPI_BUS), which names a bus that is gone.
_session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
_reply = _session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                            GLib.VariantType.new("(s)"), Gio.DBusCallFlags.NONE, -1, None)
os.environ["AT_SPI_BUS_ADDRESS"] = _reply.unpack()[0]

import pyatspi  # noqa: E402

FLOWBOX = """
import signal, sys, gi
gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk
count = int(sys.argv[1])
def activate(app):
    window = Gtk.ApplicationWindow(application=app, title="GtkFlowBox peer")
    flow = Gtk.FlowBox()
    flow.set_selection_mode(Gtk.SelectionMode.SINGLE)
    for index in range(count):
        flow.append(Gtk.Label(label="Item %d" % index))
    scrolled = Gtk.ScrolledWindow()
    scrolled.set_child(flow)
    window.set_child(scrolled)
    window.set_default_size(400, 300)
    window.present()
    print('{"event":"peerShown"}', flush=True)
app = Gtk.Application(application_id="org.trellis.FlowBoxPeer")
app.connect("activate", activate)
# PyGObject's main loop does not end on SIGTERM by itself.
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: (app.quit(), False)[1])
sys.exit(app.run([]))
"""


def forget_bus_on_display():
    """Removes the accessibility bus address the bus launcher put on the X server's root
    window (AT_SPI_BUS): once this session is gone it names a dead bus, and GTK programs
    started later on the same display (the other window tests) would try to reach it."""
    try:
        xlib = ctypes.CDLL("libX11.so.6")
    except OSError:
        return
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XDefaultRootWindow.restype = ctypes.c_ulong
    xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    xlib.XDeleteProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = xlib.XOpenDisplay(None)
    if not display:
        return
    xlib.XDeleteProperty(display, xlib.XDefaultRootWindow(display), xlib.XInternAtom(display, b"AT_SPI_BUS", 0))
    xlib.XCloseDisplay(display)


def end(program):
    """Ends the program: SIGTERM, then SIGKILL if it is still there after 5 s."""
    program.terminate()
    try:
        return program.wait(timeout=5)
    except subprocess.TimeoutExpired:
        program.kill()
        return program.wait()


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def describe(accessible):
    try:
        states = sorted(pyatspi.stateToString(s) for s in accessible.getState().getStates())
    except Exception:  # the object went away while it was read
        states = []
    try:
        box = accessible.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        extents = [box.x, box.y, box.width, box.height]
    except Exception:
        extents = None
    return {
        "role": accessible.getRoleName(),
        "name": accessible.name or "",
        "description": accessible.description or "",
        "states": states,
        "children": accessible.childCount,
        "extents": extents,
    }


def walk(application):
    nodes = []

    def visit(accessible, depth):
        if accessible is None:
            return
        node = describe(accessible)
        node["depth"] = depth
        nodes.append(node)
        for index in range(accessible.childCount):
            visit(accessible.getChildAtIndex(index), depth + 1)

    visit(application, 0)
    return nodes


def main():
    request_file = sys.argv[1]
    late = None
    if sys.argv[2] == "--flowbox":
        command = [sys.executable, "-c", FLOWBOX, sys.argv[3]]
    elif sys.argv[2] == "--late":
        late = float(sys.argv[3])
        command = sys.argv[4:]
    else:
        command = sys.argv[2:]
    environment = dict(os.environ)
    environment.pop("NO_AT_BRIDGE", None)
    environment["GTK_A11Y"] = "atspi"
    # The registry must run before the program starts: GTK registers its application with
    # it once, at start-up.
    desktop = pyatspi.Registry.getDesktop(0)
    desktop.childCount  # a call on the bus: the registry is activated now, not lazily
    # The program ends with the probe, however the probe ends.
    libc = ctypes.CDLL(None, use_errno=True)
    program = subprocess.Popen(command, env=environment, preexec_fn=lambda: libc.prctl(1, signal.SIGTERM))
    state = {"requests": 0, "shown": False, "status": None}

    def application():
        for index in range(desktop.childCount):
            candidate = desktop.getChildAtIndex(index)
            try:
                if candidate is not None and candidate.get_process_id() == program.pid:
                    return candidate
            except Exception:
                continue
        return None

    def on_event(event):
        try:
            source = event.source
            emit({"event": "atspiEvent", "type": event.type, "detail": event.detail1,
                  "role": source.getRoleName(), "name": source.name or ""})
        except Exception as error:  # an object gone before it was read
            emit({"event": "atspiEvent", "type": event.type, "detail": event.detail1, "error": str(error)})

    def poll():
        if os.path.exists(request_file + ".quit"):
            os.remove(request_file + ".quit")
            end(program)
        status = program.poll()
        if status is not None:
            state["status"] = status
            pyatspi.Registry.stop()
            return False
        app = application()
        if app is None:
            return True
        if not state["shown"]:
            # The window is up once the application has a frame with children.
            if app.childCount > 0 and app.getChildAtIndex(0).childCount > 0:
                state["shown"] = True
                if late is None:
                    GLib.timeout_add(500, lambda: (emit({"event": "atspiTree", "request": 0, "nodes": walk(app)}), False)[1])
                else:
                    def subscribe():
                        listen()
                        GLib.timeout_add(500, lambda: (emit({"event": "atspiTree", "request": 0, "nodes": walk(app)}), False)[1])
                        return False
                    GLib.timeout_add(int(late * 1000), subscribe)
            return True
        if os.path.exists(request_file):
            os.remove(request_file)
            state["requests"] += 1
            emit({"event": "atspiTree", "request": state["requests"], "nodes": walk(app)})
        return True

    def listen():
        for kind in ("object:state-changed:focused", "object:state-changed:selected", "object:state-changed:expanded"):
            pyatspi.Registry.registerEventListener(on_event, kind)

    if late is None:
        listen()
    GLib.timeout_add(50, poll)
    pyatspi.Registry.start()
    if state["status"] is None:
        state["status"] = end(program)
    forget_bus_on_display()
    sys.exit(state["status"])


if __name__ == "__main__":
    main()
