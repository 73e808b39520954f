/// Pronounceable made-up words, distinct by construction: word `i` is `i` (shuffled by an
/// invertible multiplication, so neighbours differ) written in bijective base-N numeration
/// whose digits are syllables. Every index below `count` gives another word, of one to
/// three syllables for a million; deterministic, no word list file needed.
struct GalleryWords {
    let count: Int
    let syllables: [String]
    /// A multiplier coprime with `count`: i ↦ i·m mod count is a permutation.
    private let multiplier: Int

    static let latinSyllables: [String] = {
        let onsets = ["b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "ch", "sh", "qu"]
        let vowels = ["a", "e", "i", "o", "u", "ai"]
        let codas = ["", "", "n", "r", "l", "s"]
        return onsets.flatMap { onset in vowels.flatMap { vowel in codas.map { onset + vowel + $0 } } }.uniqued()
    }()

    static let hebrewSyllables: [String] = {
        let letters = ["ב", "ג", "ד", "ל", "מ", "נ", "ס", "ר", "ש", "ת", "כ", "פ"]
        let vowels = ["ו", "י", "", "א"]
        return letters.flatMap { letter in vowels.map { letter + $0 } }.uniqued()
    }()

    static let arabicSyllables: [String] = {
        let letters = ["ب", "ت", "د", "ر", "س", "ك", "ل", "م", "ن", "ه"]
        let vowels = ["ا", "و", "ي", ""]
        return letters.flatMap { letter in vowels.map { letter + $0 } }.uniqued()
    }()

    init(count: Int, syllables: [String] = GalleryWords.latinSyllables) {
        self.count = count
        self.syllables = syllables
        var multiplier = 7_919  // a prime; moved on until coprime with the count
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        while count > 1 && gcd(multiplier, count) != 1 { multiplier += 2 }
        self.multiplier = multiplier
    }

    subscript(index: Int) -> String {
        var n = count > 1 ? (index &* multiplier) % count : index
        // Bijective numeration: 0 → one syllable, … every n its own digit string.
        let base = syllables.count
        var word = ""
        repeat {
            word = syllables[n % base] + word
            n = n / base - 1
        } while n >= 0
        return word
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
