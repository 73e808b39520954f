import Testing
import Trellis
import TrellisKit
@testable import trellis

/// Scenario S8 headless: the gallery's chat — 1,000,000 generated messages, bubbles of
/// real (Pango) text, day headers — in a collection view anchored at the bottom, paged in
/// from the top and with messages that expand while visible. The oracles: the timeline's
/// arithmetic (40 messages a day, dates from the civil calendar) and the frames relative to
/// the viewport before and after each change.
@Suite("S8 chat timeline")
struct ChatTimelineTests {
    /// Every displayed item's frame relative to the viewport, by message index.
    private func onScreen(_ collection: CollectionView, _ conversation: ChatConversation) -> [Int: Rect] {
        var frames: [Int: Rect] = [:]
        for indexPath in collection.indexPathsForVisibleItems {
            guard let frame = collection.layoutAttributesForItem(at: indexPath)?.frame, frame.intersects(collection.bounds),
                  let index = conversation.dataSource?.itemIdentifier(for: indexPath) else { continue }
            frames[index] = frame.offsetBy(dx: -collection.bounds.minX, dy: -collection.bounds.minY)
        }
        return frames
    }

    @Test("The generator is deterministic, varied and in time order")
    func generator() {
        let timeline = ChatTimeline(count: 1_000_000)
        #expect(timeline.dayCount == 25_000)
        #expect(timeline.message(123_456) == ChatTimeline(count: 1_000_000).message(123_456))
        let sample = (0..<2_000).map(timeline.message)
        #expect(Set(sample.map(\.sender)) == Set(ChatTimeline.Sender.allCases))
        let lengths = sample.map { $0.text.split(separator: " ").count }
        #expect(lengths.min() == 1)
        #expect(lengths.max()! >= 60, "some messages are long enough to be collapsed")
        #expect(sample.map(\.day) == sample.map(\.day).sorted())
        #expect(timeline.messages(inDay: 3) == 120..<160)
        // 1970-01-01 is a Thursday; 1958-01-01 (day 0) a Wednesday; day 25,000 − 1 is
        // 20,616 days after 1970-01-01: Friday 12 June 2026.
        #expect(ChatTimeline.civilDate(daysSince1970: 0) == (1970, 1, 1))
        #expect(ChatTimeline.civilDate(daysSince1970: 20_613) == (2026, 6, 9))
        #expect(ChatTimeline.civilDate(daysSince1970: -1) == (1969, 12, 31))
        #expect(ChatTimeline.civilDate(daysSince1970: 11_016) == (2000, 2, 29))
        #expect(timeline.dayTitle(0) == "Wednesday 1 January 1958")
        #expect(timeline.dayTitle(24_999) == "Friday 12 June 2026")
    }

    /// The chat page's conversation, the newest `loaded` messages in a 600 × 700 view.
    private func makeChat(loaded: Int = 990_000) -> (ChatConversation, CollectionView) {
        let conversation = ChatConversation(timeline: ChatTimeline(count: 1_000_000), initiallyLoaded: loaded)
        let collection = conversation.makeCollectionView(width: 600, height: 700)
        collection.layoutIfNeeded()
        return (conversation, collection)
    }

    @Test("Opens at the newest message; bubbles at most 75 % wide, mine trailing, the others' leading; day headers")
    func opensAtTheNewestWithBubbles() throws {
        let (conversation, collection) = makeChat()
        #expect(collection.lastError == nil)
        #expect(collection.numberOfSections == 24_750)
        let last = IndexPath(item: 39, section: 24_749)
        #expect(conversation.dataSource?.itemIdentifier(for: last) == 999_999)
        let lastFrame = try #require(collection.layoutAttributesForItem(at: last)?.frame)
        #expect(lastFrame.maxY == collection.bounds.maxY, "the newest message ends at the bottom edge")
        var sides: Set<Bool> = []
        for cell in collection.visibleCells {
            let bubble = try #require(cell as? ChatBubbleCell)
            let row = cell.bounds.width
            #expect(row == 600)
            #expect(bubble.bubble.frame.width <= (600 - 20) * 0.75 + 0.001, "a bubble is at most 75 % of the width")
            #expect(bubble.bubble.frame.width > 20)
            if bubble.isOutgoing {
                #expect(bubble.bubble.frame.maxX == row - 10, "mine on the trailing side")
            } else {
                #expect(bubble.bubble.frame.minX == 10, "the others' on the leading side")
            }
            sides.insert(bubble.isOutgoing)
            // Self-sized: the row is as tall as its bubble and margins, the text inside it.
            #expect(cell.frame.height == bubble.bubble.frame.height + 4)
            #expect(bubble.label.frame.maxY <= bubble.bubble.frame.height)
        }
        #expect(sides == [true, false])
        // The last day's header, above its first message.
        try collection.scrollToItem(at: IndexPath(item: 0, section: 24_749), at: .centeredVertically)
        let header = try #require(collection.supplementaryView(forElementKind: .header, at: IndexPath(item: 0, section: 24_749)) as? ChatDayHeader)
        #expect(header.title == "Friday 12 June 2026")
        #expect(header.frame.height == ChatDayHeader.height)
        #expect(!collection.followsContentEnd)
    }

    @Test("Paging in 10,000 older messages at the top moves nothing on screen")
    func pagingInMovesNothing() throws {
        let (conversation, collection) = makeChat(loaded: 20_000)
        // The reader scrolls to the very top, where the chat pages in.
        collection.contentOffset.y = collection.contentOffsetRange.lowerBound
        collection.layoutIfNeeded()
        let before = onScreen(collection, conversation)
        #expect(!before.isEmpty)
        #expect(try conversation.loadOlderMessages() == 10_000)
        collection.layoutIfNeeded()
        #expect(conversation.loadedCount == 30_000)
        #expect(onScreen(collection, conversation) == before, "0 px for every visible message")
        #expect(collection.newItemsBelowCount == 0)
        // Far from the top now (10,000 messages above): nothing more comes in.
        try conversation.loadOlderMessagesIfNearTop()
        #expect(conversation.loadedCount == 30_000)
        // At the top again: the next page comes in, and still nothing moves.
        collection.contentOffset.y = collection.contentOffsetRange.lowerBound
        collection.layoutIfNeeded()
        let atTop = onScreen(collection, conversation)
        try conversation.loadOlderMessagesIfNearTop()
        #expect(conversation.loadedCount == 40_000)
        #expect(onScreen(collection, conversation) == atTop)
    }

    @Test("A long message expanded while visible stays put; the messages below move down")
    func readMoreGrowsInPlace() throws {
        let (conversation, collection) = makeChat(loaded: 4_000)
        // Scroll up to a collapsed long message and put it near the top of the view.
        let long = try #require((996_000..<1_000_000).reversed().first { ChatTimeline(count: 1_000_000).message($0).text.split(separator: " ").count > 150 })
        let section = 24_900 + 0  // the first loaded day is 24,900 (4,000 messages = 100 days)
        #expect(conversation.firstLoadedDay == 24_900)
        let indexPath = IndexPath(item: long % 40, section: long / 40 - section)
        try collection.scrollToItem(at: indexPath, at: .top)
        collection.contentOffset.y -= 50
        collection.layoutIfNeeded()
        let cell = try #require(collection.cellForItem(at: indexPath) as? ChatBubbleCell)
        #expect(!cell.moreLabel.isHidden, "a long message is collapsed with Read more")
        let before = onScreen(collection, conversation)
        let tappedBefore = try #require(before[long])
        collection.delegate?.collectionView(collection, didSelectItemAt: indexPath)  // the click
        collection.layoutIfNeeded()
        let after = onScreen(collection, conversation)
        let tappedAfter = try #require(after[long])
        #expect(tappedAfter.minY == tappedBefore.minY, "the tapped message stays put")
        #expect(tappedAfter.height > tappedBefore.height + 20, "it grew")
        #expect(cell.moreLabel.isHidden)
        let growth = tappedAfter.height - tappedBefore.height
        for (index, frame) in before where index != long {
            if index < long { #expect(after[index] == frame, "message \(index) above does not move") }
            else if let moved = after[index] { #expect(moved.minY == frame.minY + growth, "message \(index) below moves by the growth") }
        }
    }
}
