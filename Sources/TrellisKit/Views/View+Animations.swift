extension View {
    /// False inside ``performWithoutAnimation(_:)``: changes made there reach the screen in
    /// their end state at once (UIKit's `UIView.areAnimationsEnabled`).
    ///
    /// Trellis differs from UIKit in scope: the switch belongs to the thread (or task) that
    /// runs the block, not to the whole process, because views here may live on any
    /// thread that owns them; there is no `setAnimationsEnabled(_:)` for the same reason.
    public static var areAnimationsEnabled: Bool { !animationsDisabled }

    /// Runs `changes` with animations off (UIKit's `UIView.performWithoutAnimation(_:)`):
    /// a batch update, an `apply` or a size change made inside reaches a host that animates
    /// updates (the GTK widget) as its end state, in the next frame.
    public static func performWithoutAnimation<Result>(_ changes: () throws -> Result) rethrows -> Result {
        try $animationsDisabled.withValue(true) { try changes() }
    }

    /// A task-local value: outside a task Swift keeps it for the thread, so the block's
    /// caller, and only it, sees animations off.
    @TaskLocal private static var animationsDisabled = false
}
