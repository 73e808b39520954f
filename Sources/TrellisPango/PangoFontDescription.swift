import CPango
import TrellisText

extension Font {
    /// The font a Pango font description string names (`"Cantarell 11"`, `"DejaVu Sans
    /// Bold Italic 10"`, `"Sans 13px"`: the format of GTK's `gtk-font-name` and of
    /// `pango_font_description_from_string`), parsed by Pango itself.
    ///
    /// Sizes in points are converted at CSS's 96 pixels per inch (4/3 of a pixel a point,
    /// the size a GTK label has at the default resolution); an absolute size (`px`) is taken
    /// as it is. What the description does not name (a family, a size, a weight) keeps
    /// `Font()`'s default.
    ///
    /// - Returns: nil when the description names neither a family nor a size (an empty
    ///   or unreadable string).
    public init?(pangoDescription text: String) {
        guard let description = pango_font_description_from_string(text) else { return nil }
        defer { pango_font_description_free(description) }
        let fields = pango_font_description_get_set_fields(description).rawValue
        let family = fields & PANGO_FONT_MASK_FAMILY.rawValue != 0
            ? pango_font_description_get_family(description).map { String(cString: $0) } : nil
        var size: Double?
        if fields & PANGO_FONT_MASK_SIZE.rawValue != 0 {
            let units = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
            let absolute = pango_font_description_get_size_is_absolute(description) != 0
            size = absolute ? units : units * 96 / 72
        }
        guard family?.isEmpty == false || (size ?? 0) > 0 else { return nil }
        self.init()
        if let family, !family.isEmpty { self.family = family }
        if let size, size > 0 { self.size = size }
        if fields & PANGO_FONT_MASK_WEIGHT.rawValue != 0 {
            let weight = Int(pango_font_description_get_weight(description).rawValue)
            self.weight = FontWeight(rawValue: min(900, max(100, weight)))
        }
        if fields & PANGO_FONT_MASK_STYLE.rawValue != 0 {
            italic = pango_font_description_get_style(description) != PANGO_STYLE_NORMAL
        }
    }
}
