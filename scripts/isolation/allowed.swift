// Must compile in the Swift 6 language mode: what docs/Concurrency.md allows.
import Trellis
import TrellisKit
import TrellisText

func measurersAndValuesAreShared(_ measurer: CachingTextMeasurer) async {
    await withTaskGroup(of: Double.self) { group in
        for width in [200.0, 300] {
            group.addTask {   // a Sendable measurer and Sendable values cross into tasks
                measurer.measure("shared", style: TextStyle(), maxWidth: width, maxLines: 0).height
            }
        }
    }
}

func engineMadeInATaskStaysThere() async -> Double {
    await Task.detached {   // a layout and a collection view made and used inside one task
        let layout = FlowLayout(metrics: FlowMetrics())
        let collection = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: layout)
        return collection.bounds.width
    }.value
}

/// UIKit's everyday section provider: it captures the controller weakly and asks its data
/// source, neither of them `Sendable`; the layout calls it where the collection view lives.
final class LibraryController {
    let collectionView = CollectionView(frame: Rect(x: 0, y: 0, width: 375, height: 800), layout: FlowLayout(metrics: FlowMetrics()))
    var dataSource: CollectionViewDiffableDataSource<String, Int>?

    func makeLayout() -> CompositionalLayout {
        CompositionalLayout { [weak self] section, environment in
            let columns = self?.dataSource?.sectionIdentifier(for: section) == "grid" ? 4 : 1
            let item = CompositionalItem(layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .fractionalHeight(1)))
            let group = CompositionalGroup.horizontal(
                layoutSize: CompositionalSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(environment.containerSize.width / Double(columns))),
                subitems: [item])
            return CompositionalSection(group: group)
        }
    }
}
