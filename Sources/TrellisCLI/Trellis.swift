import ArgumentParser
import TrellisPango
import TrellisText

/// The `trellis` command-line tool. Thin: each subcommand parses its input, calls the
/// library and prints. The work lives in the library modules.
@main
struct TrellisCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trellis",
        abstract: "Lay out, measure and render collections of self-sizing items.",
        subcommands: [LayoutCommand.self, MeasureCommand.self, RenderCommand.self, DemoCommand.self, ShowCommand.self, GalleryCommand.self])

    /// Installs the text backend before any command creates a view: on Linux every text
    /// the tool measures or draws goes through Pango.
    static func main() {
        DefaultTextMeasurer.install(PangoTextMeasurer.shared)
        main(nil)
    }
}
