/// A column of the simplex tableau: a small integer id with its kind in the low two bits.
///
/// Symbols are plain integers so rows can be sorted arrays and per-symbol bookkeeping can
/// be arrays indexed by `index`, without hashing or reference counting in the inner loops.
struct Symbol: Hashable, Comparable, Sendable {
    enum Kind: Int {
        /// A user variable: unrestricted in sign.
        case external = 0
        /// The slack of an inequality: restricted to `>= 0`.
        case slack = 1
        /// The violation of a non-required constraint: restricted to `>= 0`, costs in the objective.
        case error = 2
        /// The marker of a required equality: fixed at zero, never pivoted in.
        case dummy = 3
    }

    let raw: Int

    init(index: Int, kind: Kind) { raw = index << 2 | kind.rawValue }
    init(raw: Int) { self.raw = raw }

    /// The position of this symbol in the solver's per-symbol arrays.
    var index: Int { raw >> 2 }

    var kind: Kind { Kind(rawValue: raw & 3)! }

    var isExternal: Bool { raw & 3 == 0 }
    var isDummy: Bool { raw & 3 == 3 }
    /// Slack and error symbols must stay non-negative; externals are free, dummies are zero.
    var isRestricted: Bool { raw & 3 == 1 || raw & 3 == 2 }

    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.raw < rhs.raw }
}
