import Testing
import Trellis
import TrellisKit
import TrellisPango
import TrellisText
@testable import TrellisRender

/// A cached cell is checked against the states it was drawn from by reading its views in
/// place (`matches`); that must say exactly what comparing freshly made states says, for
/// every property the drawing reads.
@Suite("Drawn view states")
@MainActor
struct DrawnViewStateTests {
    /// A cell with a label and an image view in its content view.
    private func cell() -> (cell: CollectionViewCell, label: Label, image: ImageView) {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        let cell = CollectionViewCell()
        cell.frame = Rect(x: 40, y: 30, width: 120, height: 44)
        let label = Label()
        label.text = "Tag"
        label.frame = Rect(x: 8, y: 8, width: 60, height: 20)
        let image = ImageView(image: Image(pixelWidth: 4, pixelHeight: 4, color: .red))
        image.frame = Rect(x: 80, y: 8, width: 28, height: 28)
        cell.contentView.addSubview(label)
        cell.contentView.addSubview(image)
        cell.contentView.frame = cell.bounds
        return (cell, label, image)
    }

    private func states(of cell: View) -> [DrawnViewState] {
        var states: [DrawnViewState] = []
        _ = DrawnViewState.walk(cell) { (state: DrawnViewState) in states.append(state); return true }
        return states
    }

    /// Whether `matches` says the cell reads as `recorded`.
    private func matches(_ cell: View, _ recorded: [DrawnViewState]) -> Bool {
        var index = 0
        let walked = DrawnViewState.walk(cell) { (view: View, isCell: Bool) in
            guard index < recorded.count, recorded[index].matches(view, isCell: isCell) else { return false }
            index += 1
            return true
        }
        return walked && index == recorded.count
    }

    @Test func matchingInPlaceAgreesWithComparingStates() {
        let changes: [(String, (CollectionViewCell, Label, ImageView) -> Void)] = [
            ("nothing", { _, _, _ in }),
            ("the cell moved", { cell, _, _ in cell.frame.origin = Point(x: 300, y: 7) }),
            ("the cell resized", { cell, _, _ in cell.frame.size.width = 121 }),
            ("a subview moved", { _, label, _ in label.frame.origin.x = 9 }),
            ("text", { _, label, _ in label.text = "Gat" }),
            ("text emptied", { _, label, _ in label.text = "" }),
            ("lines", { _, label, _ in label.numberOfLines = 2 }),
            ("font", { _, label, _ in label.font = Font(family: "DejaVu Sans", size: 19) }),
            ("text colour", { _, label, _ in label.textColor = .systemBlue }),
            ("alignment", { _, label, _ in label.textAlignment = .center }),
            ("hidden label", { _, label, _ in label.isHidden = true }),
            ("transparent label", { _, label, _ in label.alpha = 0 }),
            ("half transparent", { _, label, _ in label.alpha = 0.5 }),
            ("background", { cell, _, _ in cell.backgroundColor = .black }),
            ("dynamic background, dark", { cell, _, _ in
                cell.backgroundColor = .systemBackground
                cell.overrideTraitCollection = TraitCollection(userInterfaceStyle: .dark)
            }),
            ("border colour", { cell, _, _ in cell.borderColor = .red }),
            ("border width", { cell, _, _ in cell.borderWidth = 1 }),
            ("corners", { cell, _, _ in cell.cornerStyle = .pill }),
            ("clipping", { cell, _, _ in cell.clipsToBounds = true }),
            ("bounds origin", { cell, _, _ in cell.contentView.bounds.origin.y = 3 }),
            ("image", { _, _, image in image.image = Image(pixelWidth: 4, pixelHeight: 4, color: .gray) }),
            ("image mode", { _, _, image in image.contentMode = .center }),
            ("no image", { _, _, image in image.image = nil }),
            ("a new subview", { cell, _, _ in cell.contentView.addSubview(View(frame: Rect(x: 1, y: 1, width: 2, height: 2))) }),
            ("a subview gone", { _, _, image in image.removeFromSuperview() }),
        ]
        for (name, change) in changes {
            let (cell, label, image) = cell()
            let recorded = states(of: cell)
            change(cell, label, image)
            let now = states(of: cell)
            #expect(matches(cell, recorded) == (now == recorded), "after \(name)")
        }
    }
}
