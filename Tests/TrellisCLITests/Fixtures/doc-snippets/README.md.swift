// What README.md takes as given: `tags`, "any CollectionViewDataSource" (the full version is
// Tests/TrellisKitTests/ReadmeExampleTests.swift).
import TrellisKit

final class GivenTags: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 100 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionViewCell {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath)
    }
}
let tags = GivenTags()
