extension CompositionalLayout {
    /// Every element at rest, whether or not its frame has area — including the items of
    /// orthogonally scrolling sections that lie past the container's width, which no rect of
    /// the content reaches (so the default `allElements()` would drop them: `trellis layout`
    /// would list 17 of the App Store example's 19 items).
    /// - Complexity: O(n) over every section.
    public func allElements() -> [LayoutAttributes] {
        // Every frame is finite and within ±1e18 (docs/Limits.md), so this rect holds them all.
        let everything = Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
        return elements(in: everything, visibleBounds: Rect(origin: .zero, size: contentSize))
    }
}
