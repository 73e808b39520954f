import Trellis
import TrellisText

/// A button with a title (`UIButton`, system type): a control whose `titleLabel` shows the
/// title for its current state. Its intrinsic size is the label's plus `contentEdgeInsets`,
/// so constraints and self-sizing cells size it like any view. Highlighted while pressed
/// (`beginTracking()` … `endTracking(inside:)`): the title then shows in its highlighted
/// colour, by default the normal colour at 20 % opacity as UIKit's system button dims it.
/// Drawn by the renderer: background, border, title.
///
/// Differs from UIKit: actions are closures (`addAction(_:)`, like `UIAction`), there is no
/// target–selector form; pressing is reported by the app (or a test, or
/// `CollectionView`'s interaction entry points) through `beginTracking` / `endTracking`,
/// as a headless view receives no touches of its own.
open class Button: View {
    /// The states a control's appearance depends on (`UIControl.State`).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let normal: State = []
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    /// The label showing the current title. Its font and alignment may be changed; its text
    /// and colour follow the state (set them with `setTitle` / `setTitleColor`).
    public let titleLabel: Label

    /// Room between the title and the button's edges (`contentEdgeInsets`); part of the
    /// intrinsic size.
    public var contentEdgeInsets: EdgeInsets = .zero {
        didSet { if contentEdgeInsets != oldValue { invalidateIntrinsicContentSize() } }
    }

    private var titles: [State: String] = [:]
    private var titleColors: [State: Color] = [.normal: .systemBlue]
    private var actions: [(Button) -> Void] = []

    /// While pressed.
    public var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
    /// When false the button shows its disabled appearance and ignores presses.
    public var isEnabled = true {
        didSet {
            if !isEnabled { isHighlighted = false }
            if isEnabled != oldValue { stateDidChange() }
        }
    }
    public var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }

    /// The current state.
    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// A button with `title` for the normal state.
    public init(title: String? = nil, textStyle: TextStyle = TextStyle(), textMeasurer: any TextMeasurer = DefaultTextMeasurer.current) {
        titleLabel = Label(text: "", style: textStyle, textMeasurer: textMeasurer)
        super.init(frame: .zero)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        if let title { titles[.normal] = title }
        stateDidChange()
    }

    // MARK: Titles per state

    /// Sets the title shown in `state` (nil removes it: the normal title shows instead).
    public func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        stateDidChange()
    }

    /// The title set for `state` (not falling back to the normal one).
    public func title(for state: State) -> String? { titles[state] }

    /// The title shown now: the one for the current state, else the normal one.
    public var currentTitle: String? { titles[state] ?? titles[.normal] }

    /// Sets the title colour for `state`.
    public func setTitleColor(_ color: Color?, for state: State) {
        titleColors[state] = color
        stateDidChange()
    }

    /// The title colour set for `state`, or the one derived for it: highlighted and
    /// disabled dim the normal colour (20 % and 35 % opacity) unless set.
    public func titleColor(for state: State) -> Color {
        if let color = titleColors[state] { return color }
        let normal = titleColors[.normal] ?? .systemBlue
        if state.contains(.disabled) { return Color(red: normal.red, green: normal.green, blue: normal.blue, alpha: normal.alpha * 0.35) }
        if state.contains(.highlighted) { return Color(red: normal.red, green: normal.green, blue: normal.blue, alpha: normal.alpha * 0.2) }
        return normal
    }

    /// The colour the title shows in now.
    public var currentTitleColor: Color { titleColor(for: state) }

    private func stateDidChange() {
        let title = currentTitle ?? ""
        if titleLabel.text != title { titleLabel.text = title }
        titleLabel.textColor = currentTitleColor
        invalidateIntrinsicContentSize()
    }

    // MARK: Actions and tracking

    /// Runs `handler` each time the button is pressed and released inside it
    /// (`.primaryActionTriggered`).
    public func addAction(_ handler: @escaping (Button) -> Void) { actions.append(handler) }

    /// A press began on the button: it highlights (when enabled). Returns whether it did.
    @discardableResult
    public func beginTracking() -> Bool {
        guard isEnabled else { return false }
        isHighlighted = true
        return true
    }

    /// The press ended: the highlight goes, and when it ended `inside` the button the
    /// actions run.
    public func endTracking(inside: Bool) {
        guard isHighlighted else { return }
        isHighlighted = false
        if inside { sendActions() }
    }

    /// Runs the actions as if the button was pressed (`sendActions(for: .primaryActionTriggered)`).
    public func sendActions() {
        for action in actions { action(self) }
    }

    // MARK: Sizing and layout

    /// The title label's size plus `contentEdgeInsets`.
    open override var intrinsicContentSize: Size {
        let label = titleLabel.intrinsicContentSize
        return Size(
            width: max(0, label.width) + contentEdgeInsets.horizontal,
            height: max(0, label.height) + contentEdgeInsets.vertical)
    }

    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }

    /// The title fills the bounds inside the insets (centred by the label).
    open override func layoutSubviews() {
        super.layoutSubviews()
        let frame = bounds.inset(by: contentEdgeInsets, direction: effectiveLayoutDirection)
        if titleLabel.frame != frame { titleLabel.frame = frame }
    }
}
