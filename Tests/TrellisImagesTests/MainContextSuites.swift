import Testing

/// The suites that run GLib's default main context on their test's thread: one at a time.
/// An image loader delivers on whichever thread iterates that context, so a test that
/// checks deliveries happen on its own thread (and not before it iterates) fails when
/// another suite iterates the context at the same moment.
@Suite(.serialized) struct MainContextSuites {}
