import Testing
import Trellis
@testable import TrellisKit

@Suite("View")
struct ViewTests {
    @Test func framesAndBoundsStayInStep() {
        let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        view.frame = Rect(x: 0, y: 0, width: 30, height: 40)
        #expect(view.bounds.size == Size(width: 30, height: 40))
        view.center = Point(x: 100, y: 100)
        #expect(view.frame == Rect(x: 85, y: 80, width: 30, height: 40))
    }

    @Test func hierarchyMovesAViewBetweenParents() {
        let a = View(), b = View(), child = View()
        a.addSubview(child)
        #expect(child.superview === a && a.subviews.count == 1)
        b.addSubview(child)
        #expect(child.superview === b && a.subviews.isEmpty && b.subviews.count == 1)
        child.removeFromSuperview()
        #expect(child.superview == nil && b.subviews.isEmpty)
    }

    @Test func convertsBetweenCoordinateSpaces() {
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let middle = View(frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let leaf = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        root.addSubview(middle)
        middle.addSubview(leaf)
        #expect(leaf.convert(Point(x: 1, y: 1), to: root) == Point(x: 16, y: 26))
        #expect(leaf.convert(Point(x: 1, y: 1), to: middle) == Point(x: 6, y: 6))
        #expect(root.convert(Point(x: 16, y: 26), to: leaf) == Point(x: 1, y: 1))
    }

    @Test func traitsAreInheritedAndChangesAreReported() {
        final class Recorder: View {
            var changes = 0
            override func traitCollectionDidChange(_ previous: TraitCollection?) { changes += 1 }
        }
        let root = View(), child = Recorder()
        root.addSubview(child)
        root.overrideTraitCollection = TraitCollection(horizontalSizeClass: .regular)
        #expect(child.traitCollection.horizontalSizeClass == .regular && child.changes == 1)
        root.overrideTraitCollection = TraitCollection(horizontalSizeClass: .regular)
        #expect(child.changes == 1)
    }

    @Test func sizeClassSplitsAt600Points() {
        #expect(UserInterfaceSizeClass.horizontal(forWidth: 375) == .compact)
        #expect(UserInterfaceSizeClass.horizontal(forWidth: 599.5) == .compact)
        #expect(UserInterfaceSizeClass.horizontal(forWidth: 768) == .regular)
    }

    @Test func fittingWithoutConstraintsUsesSizeThatFits() {
        final class Fixed: View {
            override func sizeThatFits(_ size: Size) -> Size { Size(width: min(size.width, 120), height: 44) }
        }
        let view = Fixed()
        #expect(view.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 120, height: 44))
        #expect(view.systemLayoutSizeFitting(Size(width: 80, height: 0), horizontalFittingPriority: .required,
                                             verticalFittingPriority: .fittingSizeLevel) == Size(width: 80, height: 44))
    }

    @Test(arguments: [("#fff", Color.white), ("#ff0000", Color.red), ("#00000000", Color.clear)])
    func colorsParseFromHex(text: String, expected: Color) {
        #expect(Color(hex: text) == expected)
    }

    @Test func badHexIsRejected() {
        #expect(Color(hex: "red") == nil && Color(hex: "#12345") == nil && Color(hex: "#gg0000") == nil)
    }

    @Test func pillCornersAreHalfTheShorterSide() {
        #expect(CornerStyle.pill.radius(for: Size(width: 80, height: 30)) == 15)
        #expect(CornerStyle.radius(50).radius(for: Size(width: 80, height: 30)) == 15)
    }
}
