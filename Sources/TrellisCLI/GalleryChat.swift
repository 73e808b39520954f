import Trellis
import TrellisKit
import TrellisPango
import TrellisText

/// Scenario S8's content: a chat of `count` messages between three people, made on demand
/// from the message's index (so a million cost nothing until shown) and the same on every
/// run. Messages are in time order, `messagesPerDay` a day; the lengths of their texts
/// vary from one word to a few hundred (most are short, one in twenty is long).
struct ChatTimeline: Sendable {
    enum Sender: Int, Sendable, CaseIterable {
        case me, ana, ben
        var name: String { ["Me", "Ana", "Ben"][rawValue] }
    }

    struct Message: Hashable, Sendable {
        var sender: Sender
        var day: Int
        var text: String
    }

    static let messagesPerDay = 40
    /// The calendar day of day 0 (days since 1970-01-01): 1 January 1958, so a million
    /// messages end in 2026.
    static let firstDay = -4_383

    private(set) var count: Int
    private let words: GalleryWords

    init(count: Int = 1_000_000) {
        precondition(count >= 0, "a timeline has no negative number of messages")
        self.count = count
        words = GalleryWords(count: 100_000)
    }

    var dayCount: Int { (count + Self.messagesPerDay - 1) / Self.messagesPerDay }

    /// A message arrives after the last: returns its index (its text is made from the
    /// index, as every other's).
    mutating func appendMessage() -> Int {
        count += 1
        return count - 1
    }

    func day(ofMessage index: Int) -> Int { index / Self.messagesPerDay }

    /// The messages of `day`, in order.
    func messages(inDay day: Int) -> Range<Int> {
        (day * Self.messagesPerDay)..<min(count, (day + 1) * Self.messagesPerDay)
    }

    /// Message `index` (0 ..< count).
    func message(_ index: Int) -> Message {
        let hash = Self.mix(UInt64(index))
        // Runs of messages by one sender, as people write: the sender changes every few.
        let sender = Sender(rawValue: Int(Self.mix(UInt64(index / 3) &+ 0x5EED) % 3))!
        let wordCount: Int
        switch hash % 20 {
        case 0: wordCount = 60 + Int((hash >> 8) % 200)  // a long message: "read more"
        case 1...5: wordCount = 9 + Int((hash >> 8) % 25)
        default: wordCount = 1 + Int((hash >> 8) % 8)
        }
        // Sentences of up to eleven words, each starting with a capital.
        var text = ""
        for word in 0..<wordCount {
            let next = words[Int((hash >> 16 &+ UInt64(word) &* 7_919) % 100_000)]
            if word % 11 == 0 {
                if word > 0 { text += ". " }
                text += next.prefix(1).uppercased() + next.dropFirst()
            } else {
                text += " " + next
            }
        }
        return Message(sender: sender, day: day(ofMessage: index), text: text + (hash & 0x100 == 0 ? "." : "?"))
    }

    /// The header of `day`: its date, e.g. "Wednesday 26 November 2026".
    func dayTitle(_ day: Int) -> String {
        let (year, month, date) = Self.civilDate(daysSince1970: Self.firstDay + day)
        let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]  // 1970-01-01 was a Thursday
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let weekday = weekdays[((Self.firstDay + day) % 7 + 7) % 7]
        return "\(weekday) \(date) \(months[month - 1]) \(year)"
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`, in eras of 400 years).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// SplitMix64's finaliser: neighbouring indices get unrelated bits.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A message: a bubble of wrapped text at most 75 % of the row's width, on the leading
/// side for the others' messages and the trailing side for mine. A long message shows its
/// first lines and "Read more" until it is expanded. The cell is the whole row (a list
/// row), so the bubble's side and width are the cell's own layout.
final class ChatBubbleCell: CollectionViewCell {
    static let maximumWidthFraction = 0.75
    static let collapsedLines = 8
    /// Room between the text and the bubble's edge.
    static let padding = EdgeInsets(top: 6, leading: 10, bottom: 6, trailing: 10)
    /// Room between the bubble and the row's edges.
    static let margins = EdgeInsets(top: 2, leading: 10, bottom: 2, trailing: 10)
    static let bodyStyle = TextStyle(font: Font(family: "DejaVu Sans", size: 14), lineBreakMode: .wordWrap)
    static let moreStyle = TextStyle(font: Font(family: "DejaVu Sans", size: 12, weight: .bold))

    let bubble = View()
    let label = Label(style: ChatBubbleCell.bodyStyle, textMeasurer: PangoTextMeasurer.shared)
    let moreLabel = Label(text: "Read more", style: ChatBubbleCell.moreStyle, textMeasurer: PangoTextMeasurer.shared)
    private(set) var isOutgoing = false
    private(set) var isExpanded = false

    required init() {
        super.init()
        bubble.cornerStyle = .radius(12)
        label.numberOfLines = Self.collapsedLines
        contentView.addSubview(bubble)
        bubble.addSubview(label)
        bubble.addSubview(moreLabel)
    }

    /// Shows `message`, expanded (every line) or not.
    func configure(_ message: ChatTimeline.Message, expanded: Bool) {
        label.text = message.text
        isOutgoing = message.sender == .me
        isExpanded = expanded
        label.numberOfLines = expanded ? 0 : Self.collapsedLines
        bubble.backgroundColor = isOutgoing ? Color(hex: "#1a73e8")! : Color(hex: "#e8eaed")!
        label.textColor = isOutgoing ? .white : Color(hex: "#202124")!
        moreLabel.textColor = isOutgoing ? Color(hex: "#d2e3fc")! : Color(hex: "#1a73e8")!
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The bubble's size and its text's in a row `width` wide, and whether "Read more" shows.
    private func bubbleLayout(rowWidth width: Double) -> (bubble: Size, text: Size, showsMore: Bool) {
        let maximum = max(0, (width - Self.margins.horizontal) * Self.maximumWidthFraction - Self.padding.horizontal)
        let text = label.measurement(maxWidth: maximum)
        let more = text.isTruncated ? moreLabel.measurement(maxWidth: maximum) : nil
        // Sizes rounded up to the pixel grid, as a UIKit label's are: rows that touch then
        // share no pixel, and each is copied from its picture while it scrolls.
        let scale = max(1, traitCollection.displayScale)
        func wholePixels(_ length: Double) -> Double { (length * scale - 1e-9).rounded(.up) / scale }
        let textWidth = min(maximum, wholePixels(max(text.width, more?.width ?? 0)))
        let textHeight = wholePixels(text.height)
        let height = textHeight + (more.map { wholePixels($0.height) + 2 } ?? 0)
        return (Size(width: textWidth + Self.padding.horizontal, height: height + Self.padding.vertical),
                Size(width: textWidth, height: textHeight), more != nil)
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let width = size.width.isFinite ? size.width : 375
        return Size(width: width, height: bubbleLayout(rowWidth: width).bubble.height + Self.margins.vertical)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let layout = bubbleLayout(rowWidth: bounds.width)
        // Mine on the trailing side: the right edge left to right, the left edge right to left.
        let trailing = isOutgoing != (effectiveLayoutDirection == .rightToLeft)
        let x = trailing ? bounds.width - Self.margins.trailing - layout.bubble.width : Self.margins.leading
        bubble.frame = Rect(x: x, y: Self.margins.top, width: layout.bubble.width, height: layout.bubble.height)
        label.frame = Rect(x: Self.padding.leading, y: Self.padding.top, width: layout.text.width, height: layout.text.height)
        moreLabel.isHidden = !layout.showsMore
        moreLabel.frame = Rect(x: Self.padding.leading, y: Self.padding.top + layout.text.height + 2, width: layout.text.width,
                               height: max(0, layout.bubble.height - Self.padding.vertical - layout.text.height - 2))
    }
}

/// A day's header: its date, centred in a pill.
final class ChatDayHeader: ReusableView {
    static let height = 34.0
    static let titleStyle = TextStyle(font: Font(family: "DejaVu Sans", size: 12, weight: .bold))
    let label = Label(style: ChatDayHeader.titleStyle, textMeasurer: PangoTextMeasurer.shared)
    let pill = View()

    required init() {
        super.init()
        pill.backgroundColor = Color(hex: "#f1f3f4")!
        pill.cornerStyle = .pill
        label.textColor = Color(hex: "#5f6368")!
        addSubview(pill)
        pill.addSubview(label)
    }

    /// A header is measured when it comes into view (headers self-size): it is always as
    /// tall as `height`, the width it is given.
    override func sizeThatFits(_ size: Size) -> Size {
        Size(width: size.width.isFinite ? size.width : 0, height: Self.height)
    }

    var title: String {
        get { label.text }
        set {
            label.text = newValue
            setNeedsLayout()
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let text = label.measurement(maxWidth: max(0, bounds.width - 40))
        let size = Size(width: text.width.rounded(.up) + 20, height: text.height + 8)
        pill.frame = Rect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                          width: size.width, height: size.height)
        label.frame = Rect(x: 10, y: 4, width: text.width.rounded(.up), height: text.height)
    }
}

/// S8 as a chat app builds it: a bottom-anchored list (`contentAnchor = .bottom`) of
/// self-sized bubbles, one section a day with the date as its header, fed by a diffable
/// data source that holds the newest messages and pages older ones in, `pageSize` at a
/// time in whole days, when the reader comes near the top. A click on a message with
/// "Read more" expands it where it is.
final class ChatConversation: CollectionViewDelegate {
    typealias DataSource = CollectionViewDiffableDataSource<Int, Int>

    private(set) var timeline: ChatTimeline
    /// Messages paged in at a time (whole days).
    let pageSize: Int
    /// The first day the data source holds.
    private(set) var firstLoadedDay: Int
    /// Messages shown in full.
    private(set) var expanded: Set<Int> = []
    private(set) var dataSource: DataSource?
    private(set) weak var collectionView: CollectionView?

    /// The styles of the bubbles' text, their "Read more" and the day headers.
    static let textStyles = [ChatBubbleCell.bodyStyle, ChatBubbleCell.moreStyle, ChatDayHeader.titleStyle]

    /// A conversation of `timeline` holding its newest `initiallyLoaded` messages (rounded
    /// up to whole days).
    init(timeline: ChatTimeline, initiallyLoaded: Int, pageSize: Int = 10_000) {
        precondition(pageSize >= ChatTimeline.messagesPerDay, "a page holds at least a day")
        self.timeline = timeline
        self.pageSize = pageSize
        let days = min(timeline.dayCount, (initiallyLoaded + ChatTimeline.messagesPerDay - 1) / ChatTimeline.messagesPerDay)
        firstLoadedDay = timeline.dayCount - days
    }

    /// The number of messages the data source holds.
    var loadedCount: Int { timeline.count - timeline.messages(inDay: firstLoadedDay).lowerBound }

    /// A collection view showing the conversation, `width` × `height` points.
    func makeCollectionView(width: Double, height: Double, traits: (inout TraitCollection) -> Void = { _ in }) -> CollectionView {
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: width, height: height), layout: ListLayout())
        var chatTraits = collection.traitCollection
        traits(&chatTraits)
        if chatTraits != collection.traitCollection { collection.overrideTraitCollection = chatTraits }
        collection.register(ChatBubbleCell.self, forCellWithReuseIdentifier: "message")
        collection.register(ChatDayHeader.self, forSupplementaryViewOfKind: .header, withReuseIdentifier: "day")
        collection.estimatedItemSize = .fixed(Size(width: width, height: 40))
        collection.headerSize = Size(width: width, height: ChatDayHeader.height)
        collection.derivesSizeClassFromWidth = false
        collection.contentAnchor = .bottom
        let timeline = self.timeline
        let dataSource = DataSource(collectionView: collection) { [unowned self] collectionView, indexPath, index in
            let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath) as! ChatBubbleCell
            cell.configure(timeline.message(index), expanded: expanded.contains(index))
            return cell
        }
        dataSource.supplementaryViewProvider = { collectionView, kind, indexPath in
            let header = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "day", for: indexPath) as! ChatDayHeader
            header.title = timeline.dayTitle(dataSource.sectionIdentifier(for: indexPath.section) ?? 0)
            return header
        }
        var snapshot = DataSource.Snapshot()
        for day in firstLoadedDay..<timeline.dayCount {
            snapshot.appendSections([day])
            snapshot.appendItems(Array(timeline.messages(inDay: day)), toSection: day)
        }
        // The first apply takes the snapshot (nothing is laid out yet): it cannot fail on
        // identifiers that are distinct by construction, and a debug build says so if it did.
        do {
            try dataSource.apply(snapshot, animatingDifferences: false)
        } catch {
            assertionFailure("the chat's first snapshot was refused: \(error)")
        }
        collection.delegate = self
        self.dataSource = dataSource
        collectionView = collection
        return collection
    }

    /// Pages in up to `pageSize` older messages above the first loaded, as whole days: one
    /// `apply` of a snapshot with the days inserted before the first. What is on screen
    /// does not move. Returns the number of messages added (0 at the start of the chat).
    @discardableResult
    func loadOlderMessages() throws -> Int {
        guard let dataSource, firstLoadedDay > 0 else { return 0 }
        let days = min(firstLoadedDay, pageSize / ChatTimeline.messagesPerDay)
        let newFirst = firstLoadedDay - days
        var snapshot = dataSource.snapshot()
        let older = Array(newFirst..<firstLoadedDay)
        snapshot.insertSections(older, beforeSection: firstLoadedDay)
        for day in older { snapshot.appendItems(Array(timeline.messages(inDay: day)), toSection: day) }
        try dataSource.apply(snapshot)
        let added = timeline.messages(inDay: firstLoadedDay).lowerBound - timeline.messages(inDay: newFirst).lowerBound
        firstLoadedDay = newFirst
        return added
    }

    /// A new message arrives at the end of the chat: one animated `apply` appending it to
    /// the last day (or a new day's section). A reader at the bottom sees it slide in —
    /// the view sticks to the bottom, the messages above move up by its height; a reader
    /// who scrolled up keeps what they read where it is. Returns its index path.
    @discardableResult
    func receiveMessage() throws -> IndexPath? {
        guard let dataSource else { return nil }
        let index = timeline.appendMessage()
        let day = timeline.day(ofMessage: index)
        var snapshot = dataSource.snapshot()
        if snapshot.indexOfSection(day) == nil { snapshot.appendSections([day]) }
        snapshot.appendItems([index], toSection: day)
        try dataSource.apply(snapshot, animatingDifferences: true)
        return dataSource.indexPath(for: index)
    }

    /// Pages older messages in when the reader is within two screens of the top. Called
    /// after a frame (not inside a layout pass).
    func loadOlderMessagesIfNearTop() throws {
        guard let collectionView, firstLoadedDay > 0,
              collectionView.contentOffset.y < 2 * collectionView.bounds.height else { return }
        try loadOlderMessages()
    }

    /// Expands a long message in place (or collapses it): the displayed cell shows every
    /// line and reports its new size; the next pass measures it where it is.
    func toggleExpanded(at indexPath: IndexPath) {
        guard let collectionView, let index = dataSource?.itemIdentifier(for: indexPath) else { return }
        if expanded.insert(index).inserted == false { expanded.remove(index) }
        if let cell = collectionView.cellForItem(at: indexPath) as? ChatBubbleCell {
            cell.configure(timeline.message(index), expanded: expanded.contains(index))
        }
    }

    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        toggleExpanded(at: indexPath)
        collectionView.deselectItem(at: indexPath)
    }
}
