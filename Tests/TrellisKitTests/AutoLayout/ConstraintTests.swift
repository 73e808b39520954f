import Testing
import Trellis
import TrellisText
@testable import TrellisKit

/// A root view of `size` with one constrained child.
private func container(_ size: Size = Size(width: 200, height: 100)) -> (View, View) {
    let root = View(frame: Rect(origin: .zero, size: size))
    let child = View()
    child.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(child)
    return (root, child)
}

@Suite("Constraints")
struct ConstraintTests {
    @Test func pinnedSubviewGetsItsFrameFromLayoutIfNeeded() {
        let (root, child) = container()
        pin(child, to: root, inset: 10)
        #expect(child.frame == .zero)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 10, y: 10, width: 180, height: 80))
        #expect(root.frame == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test func framesAreRelativeToTheSuperview() {
        let (root, middle) = container(Size(width: 300, height: 300))
        let leaf = View()
        leaf.translatesAutoresizingMaskIntoConstraints = false
        middle.addSubview(leaf)
        pin(middle, to: root, inset: 20)
        LayoutConstraint.activate([
            leaf.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 50),
            leaf.topAnchor.constraint(equalTo: middle.topAnchor, constant: 5),
            leaf.widthAnchor.constraint(equalToConstant: 10),
            leaf.heightAnchor.constraint(equalTo: leaf.widthAnchor, multiplier: 2),
        ])
        root.layoutIfNeeded()
        #expect(leaf.frame == Rect(x: 30, y: 5, width: 10, height: 20))
        #expect(leaf.convert(Point.zero, to: root) == Point(x: 50, y: 25))
    }

    @Test func translatedFrameHoldsAsRequiredConstraints() {
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let fixed = View(frame: Rect(x: 30, y: 40, width: 50, height: 60))   // keeps translating
        let follower = View()
        follower.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(fixed)
        root.addSubview(follower)
        LayoutConstraint.activate([
            follower.leadingAnchor.constraint(equalTo: fixed.trailingAnchor, constant: 10),
            follower.topAnchor.constraint(equalTo: fixed.bottomAnchor),
            follower.widthAnchor.constraint(equalTo: fixed.widthAnchor),
            follower.heightAnchor.constraint(equalToConstant: 5),
            // Asks the translated view to grow; its frame wins (required) and this one breaks.
            fixed.widthAnchor.constraint(equalToConstant: 90).withIdentifier("too-wide"),
        ])
        root.layoutIfNeeded()
        #expect(fixed.frame == Rect(x: 30, y: 40, width: 50, height: 60))
        #expect(follower.frame == Rect(x: 90, y: 100, width: 50, height: 5))
        #expect(root.constraintDiagnostics.count == 1)
        #expect(root.constraintDiagnostics.first?.brokenConstraint?.identifier == "too-wide")
        // Moving the translated view moves what is constrained to it.
        fixed.frame.origin = Point(x: 0, y: 0)
        root.layoutIfNeeded()
        #expect(follower.frame.origin == Point(x: 60, y: 60))
    }

    @Test func flexibleContentViewFollowsItsSuperviewsSize() {
        let cell = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let content = View(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        cell.addSubview(content)
        let label = makeLabel("longer")
        content.addSubview(label)
        pin(label, to: content, inset: 5)
        #expect(cell.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 46, height: 22))
        cell.frame.size = Size(width: 80, height: 30)
        cell.layoutIfNeeded()
        #expect(content.frame == Rect(x: 0, y: 0, width: 80, height: 30))
        #expect(label.frame == Rect(x: 5, y: 5, width: 70, height: 20))
    }

    @Test func leadingAndTrailingFlipInRightToLeftButLeftAndRightDoNot() {
        let (root, directional) = container()
        let absolute = View()
        absolute.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(absolute)
        for view in [directional, absolute] {
            LayoutConstraint.activate([
                view.topAnchor.constraint(equalTo: root.topAnchor),
                view.widthAnchor.constraint(equalToConstant: 40),
                view.heightAnchor.constraint(equalToConstant: 10),
            ])
        }
        directional.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10).isActive = true
        absolute.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10).isActive = true
        root.layoutIfNeeded()
        #expect(directional.frame.minX == 10 && absolute.frame.minX == 10)
        root.overrideTraitCollection = TraitCollection(layoutDirection: .rightToLeft)
        root.layoutIfNeeded()
        #expect(directional.frame.minX == 150)  // 10 pt in from the right edge
        #expect(absolute.frame.minX == 10)
    }

    @Test func activationInstallsOnTheNearestCommonAncestor() {
        let root = View(), a = View(), b = View(), leaf = View()
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(leaf)
        let across = leaf.widthAnchor.constraint(equalTo: b.widthAnchor)
        let inside = leaf.topAnchor.constraint(equalTo: a.topAnchor)
        let own = leaf.heightAnchor.constraint(equalToConstant: 3)
        LayoutConstraint.activate([across, inside, own])
        #expect(across.installedView === root && inside.installedView === a && own.installedView === leaf)
        #expect(root.constraints.count == 1 && a.constraints.count == 1 && leaf.constraints.count == 1)
        #expect(across.isActive)
        LayoutConstraint.deactivate([across, own])
        #expect(!across.isActive && root.constraints.isEmpty && leaf.constraints.isEmpty && inside.isActive)
    }

    @Test func removingAViewDropsTheConstraintsThatTieItToTheRest() {
        let (root, child) = container()
        let other = View()
        root.addSubview(other)
        let tie = child.widthAnchor.constraint(equalTo: other.widthAnchor)
        let own = child.heightAnchor.constraint(equalToConstant: 4)
        LayoutConstraint.activate([tie, own])
        child.removeFromSuperview()
        #expect(!tie.isActive && own.isActive)
    }

    @Test func changingAPriorityRelaysOut() {
        let (root, child) = container()
        let strong = child.widthAnchor.constraint(equalToConstant: 70).withPriority(750)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
            child.widthAnchor.constraint(equalToConstant: 50).withPriority(250),
            strong,
        ])
        root.layoutIfNeeded()
        #expect(child.frame.width == 70)
        strong.priority = 200
        root.layoutIfNeeded()
        #expect(child.frame.width == 50)
    }

    @Test func higherPriorityWinsAndRequiredAlwaysHolds() {
        let (root, child) = container()
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
            child.widthAnchor.constraint(equalToConstant: 50).withPriority(250),
            child.widthAnchor.constraint(equalToConstant: 70).withPriority(750),
            child.widthAnchor.constraint(lessThanOrEqualToConstant: 60),
        ])
        root.layoutIfNeeded()
        #expect(child.frame.width == 60)
        #expect(root.constraintDiagnostics.isEmpty)
    }

    @Test func unsatisfiableRequiredConstraintsAreDiagnosedNotFatal() {
        let (root, child) = container()
        child.identifier = "box"
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 10),
            child.widthAnchor.constraint(equalToConstant: 50).withIdentifier("fifty"),
            child.widthAnchor.constraint(equalToConstant: 80).withIdentifier("eighty"),
        ])
        root.layoutIfNeeded()
        let diagnostics = root.constraintDiagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.brokenConstraint?.identifier == "eighty")
        #expect(diagnostics.first?.conflictingConstraints.map(\.identifier) == ["fifty"])
        #expect(diagnostics.first?.description.contains("\"box\".width") == true)
        #expect(child.frame.width == 50)
        // Laying out again reports the same break once, not again.
        root.layoutIfNeeded()
        #expect(root.constraintDiagnostics.count == 1)
    }

    @Test func constantChangeUpdatesTheReusedEngine() {
        let (root, child) = container()
        let width = child.widthAnchor.constraint(equalToConstant: 30)
        LayoutConstraint.activate([
            width, child.heightAnchor.constraint(equalToConstant: 10),
            child.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            child.centerYAnchor.constraint(equalTo: root.centerYAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 85, y: 45, width: 30, height: 10))
        let engine = root.constraintEngine
        width.constant = 60
        root.layoutIfNeeded()
        #expect(root.constraintEngine === engine)
        #expect(child.frame == Rect(x: 70, y: 45, width: 60, height: 10))
    }

    @Test func marginsGuideInsetsContent() {
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        root.layoutMargins = EdgeInsets(top: 4, leading: 8, bottom: 6, trailing: 12)
        let child = View()
        child.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(child)
        let guide = root.layoutMarginsGuide
        pin(child, to: root)   // replaced below by the guide's edges
        LayoutConstraint.deactivate(root.constraints)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
            child.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            child.topAnchor.constraint(equalTo: guide.topAnchor),
            child.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
        ])
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 8, y: 4, width: 80, height: 40))
        #expect(guide.layoutFrame == child.frame)
        root.layoutMargins = EdgeInsets(all: 0)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func framesArePixelAlignedToTheDisplayScale() {
        let (root, child) = container(Size(width: 100, height: 100))
        root.overrideTraitCollection = TraitCollection(displayScale: 2)
        LayoutConstraint.activate([
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10.3),
            child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1.0 / 3),
            child.topAnchor.constraint(equalTo: root.topAnchor),
            child.heightAnchor.constraint(equalToConstant: 7.1),
        ])
        root.layoutIfNeeded()
        // Edges 10.3 and 43.633… snap to 10.5 and 43.5; 7.1 to 7.
        #expect(child.frame == Rect(x: 10.5, y: 0, width: 33, height: 7))
    }

    @Test func compressionResistanceDecidesWhoShrinks() {
        // Two labels side by side in 100 pt: the one with the lower compression resistance
        // gives up its width.
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        let keep = makeLabel("keep me", lines: 1), give = makeLabel("give way now", lines: 1)
        root.addSubview(keep)
        root.addSubview(give)
        give.setContentCompressionResistancePriority(700, for: .horizontal)
        LayoutConstraint.activate([
            keep.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            give.leadingAnchor.constraint(equalTo: keep.trailingAnchor),
            give.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
            keep.topAnchor.constraint(equalTo: root.topAnchor),
            give.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        root.layoutIfNeeded()
        #expect(keep.frame.width == 42)
        #expect(give.frame.width == 58)
        #expect(give.textLayout.isTruncated)
    }

    @Test func firstBaselinesLineUp() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let small = makeLabel("small"), big = Label(text: "big", style: TextStyle(font: Font(size: 20)), textMeasurer: fixedMeasurer)
        big.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(small)
        root.addSubview(big)
        LayoutConstraint.activate([
            big.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            big.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
            small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor),
        ])
        root.layoutIfNeeded()
        // big: 24 pt line, baseline 16 below its top (26); small: baseline 8 below its top.
        #expect(big.frame == Rect(x: 0, y: 10, width: 36, height: 24))
        #expect(small.frame == Rect(x: 44, y: 18, width: 30, height: 12))
    }

    @Test func cellsThatKeepTheirFramesAreLaidOutByTheirOwnEngines() {
        let list = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let cells = (0..<3).map { index -> TagCell in
            let cell = TagCell()
            cell.configure(String(repeating: "a", count: index + 1))
            cell.frame = Rect(x: 0, y: Double(index) * 30, width: 100, height: 30)
            list.addSubview(cell)
            return cell
        }
        list.layoutIfNeeded()
        #expect(cells.map(\.label.frame) == (0..<3).map { _ in Rect(x: 5, y: 5, width: 90, height: 20) })
        #expect(cells.allSatisfy { $0.constraintEngine != nil })
        // One cell's new text re-solves that cell only.
        let listEngine = list.constraintEngine
        let otherEngine = cells[1].constraintEngine
        cells[0].frame.size = Size(width: 60, height: 30)
        list.layoutIfNeeded()
        #expect(cells[0].label.frame.width == 50)
        #expect(list.constraintEngine === listEngine && cells[1].constraintEngine === otherEngine)
        // A constraint reaching into a cell from outside makes the list lay it out itself;
        // here it fights the cell's fixed frame, and the list's engine reports it.
        cells[2].label.widthAnchor.constraint(equalTo: list.widthAnchor, multiplier: 0.1).isActive = true
        list.layoutIfNeeded()
        #expect(list.constraintEngine !== listEngine)
        #expect(list.constraintDiagnostics.count == 1)
        #expect(cells[0].constraintDiagnostics.isEmpty)
    }

    @Test func aContentViewMovedInLayoutSubviewsIsSolvedAfterwards() {
        // A cell that keeps its content view at its bounds by hand, in layoutSubviews.
        final class ManualCell: View {
            let content = View()
            let label = makeLabel("longer")
            override init(frame: Rect) {
                super.init(frame: frame)
                addSubview(content)
                content.addSubview(label)
                pin(label, to: content, inset: 5)
            }
            override func layoutSubviews() { content.frame = bounds }
        }
        let cell = ManualCell(frame: Rect(x: 0, y: 0, width: 80, height: 30))
        cell.layoutIfNeeded()
        #expect(cell.content.frame == Rect(x: 0, y: 0, width: 80, height: 30))
        #expect(cell.label.frame == Rect(x: 5, y: 5, width: 70, height: 20))
        cell.frame.size = Size(width: 100, height: 40)
        cell.layoutIfNeeded()
        #expect(cell.label.frame == Rect(x: 5, y: 5, width: 90, height: 30))
    }

    @Test func aConstraintBetweenUnrelatedViewsIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            let a = View(), b = View()
            a.widthAnchor.constraint(equalTo: b.widthAnchor).isActive = true
        }
    }
}
