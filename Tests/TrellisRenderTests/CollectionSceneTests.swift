import Testing
import Trellis
import TrellisKit
import TrellisRender

@Suite("Collection scene")
struct CollectionSceneTests {
    static func attributes(_ item: Int, _ frame: Rect, zIndex: Int = 0, hidden: Bool = false) -> LayoutAttributes {
        LayoutAttributes(indexPath: IndexPath(item: item, section: 0), frame: frame, zIndex: zIndex, isHidden: hidden)
    }

    static func box(_ color: Color) -> View {
        let view = View()
        view.backgroundColor = color
        return view
    }

    @Test func elementsAreDrawnAtTheirFramesRelativeToTheRegion() throws {
        let elements = [
            Self.attributes(0, Rect(x: 0, y: 0, width: 10, height: 10)),
            Self.attributes(1, Rect(x: 20, y: 100, width: 10, height: 10)),
            Self.attributes(2, Rect(x: 0, y: 500, width: 10, height: 10)),
        ]
        var made: [Int] = []
        let root = CollectionScene.makeView(
            region: Rect(x: 0, y: 95, width: 40, height: 20), elements: elements, background: .white
        ) { attributes in
            made.append(attributes.indexPath.item)
            return Self.box(.red)
        }
        // Only the element intersecting the region gets a view.
        #expect(made == [1])
        #expect(root.subviews.map(\.frame) == [Rect(x: 20, y: 100, width: 10, height: 10)])
        let image = try Renderer().rasterize(root)
        #expect(image.width == 40 && image.height == 20)
        #expect(image.pixel(x: 25, y: 10) == Pixel(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 25, y: 2) == Pixel(red: 255, green: 255, blue: 255))
    }

    @Test func higherZIndexIsOnTopAndHiddenElementsAreSkipped() throws {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let elements = [
            Self.attributes(0, frame, zIndex: 10),
            Self.attributes(1, frame, zIndex: 0),
            Self.attributes(2, frame, zIndex: 20, hidden: true),
        ]
        let colors: [Color] = [.red, .black, .white]
        let root = CollectionScene.makeView(region: frame, elements: elements, background: nil) {
            Self.box(colors[$0.indexPath.item])
        }
        #expect(root.subviews.count == 2)
        let image = try Renderer().rasterize(root)
        #expect(image.pixel(x: 5, y: 5) == Pixel(red: 255, green: 0, blue: 0))
    }
}
