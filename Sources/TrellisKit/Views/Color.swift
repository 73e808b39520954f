/// An sRGB colour with alpha, components in 0…1.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let red = Color(red: 1, green: 0, blue: 0)
    public static let gray = Color(red: 0.5, green: 0.5, blue: 0.5)
    public static let systemBlue = Color(red: 0, green: 122.0 / 255, blue: 1)

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        guard digits.first == "#" else { return nil }
        digits = digits.dropFirst()
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        func component(_ s: Substring) -> Double { Double(UInt8(s, radix: 16)!) / 255 }
        let chars = Array(digits)
        switch chars.count {
        case 3:
            let expanded = chars.map { Substring(String([$0, $0])) }
            self.init(red: component(expanded[0]), green: component(expanded[1]), blue: component(expanded[2]))
        case 6, 8:
            let pairs = stride(from: 0, to: chars.count, by: 2).map { Substring(String(chars[$0..<$0 + 2])) }
            self.init(red: component(pairs[0]), green: component(pairs[1]), blue: component(pairs[2]),
                      alpha: pairs.count == 4 ? component(pairs[3]) : 1)
        default:
            return nil
        }
    }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque).
    public var hexString: String {
        func hex(_ v: Double) -> String {
            let byte = Int((min(max(v, 0), 1) * 255).rounded())
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }

    public var description: String { hexString }
}
