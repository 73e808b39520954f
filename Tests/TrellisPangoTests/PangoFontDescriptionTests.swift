import Testing
import TrellisPango
import TrellisText

/// GTK's `gtk-font-name` strings read as Trellis fonts. The oracle is Pango's documented
/// description format ("[FAMILY-LIST] [STYLE-OPTIONS] [SIZE]", sizes in points unless
/// followed by "px") and CSS's 96 px per inch: 11 pt is 11 × 96 / 72 = 14.667 px.
@Suite struct PangoFontDescriptionTests {
    @Test func familyAndPointSize() throws {
        let font = try #require(Font(pangoDescription: "Cantarell 11"))
        #expect(font.family == "Cantarell")
        #expect(abs(font.size - 11.0 * 96 / 72) < 1e-9)
        #expect(font.weight == .regular && !font.italic)
    }

    @Test func multiWordFamilyWithStyleOptions() throws {
        let font = try #require(Font(pangoDescription: "DejaVu Sans Bold Italic 10"))
        #expect(font.family == "DejaVu Sans")
        #expect(abs(font.size - 40.0 / 3) < 1e-9)
        #expect(font.weight == .bold && font.italic)
    }

    @Test func absoluteSizeIsPixels() throws {
        let font = try #require(Font(pangoDescription: "Noto Sans 15px"))
        #expect(font.family == "Noto Sans" && font.size == 15)
    }

    @Test func whatIsNotNamedKeepsTheDefault() throws {
        let familyOnly = try #require(Font(pangoDescription: "Serif"))
        #expect(familyOnly.family == "Serif" && familyOnly.size == Font().size)
        let sizeOnly = try #require(Font(pangoDescription: "12"))
        #expect(sizeOnly.family == Font().family && sizeOnly.size == 16)
    }

    @Test func emptyNamesNothing() {
        #expect(Font(pangoDescription: "") == nil)
        #expect(Font(pangoDescription: "   ") == nil)
    }
}
