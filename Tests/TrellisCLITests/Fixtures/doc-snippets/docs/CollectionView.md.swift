// What docs/CollectionView.md takes as given: the app's decoration views.
import TrellisKit

final class SeparatorView: ReusableView {}
final class CardBackground: ReusableView {}
