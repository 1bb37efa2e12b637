import ArgumentParser
import SidelineCore

/// `sideline schema`: the JSON Schema of the Live Activity attributes and content state.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the Live Activity attributes and content state.",
        discussion: "The iOS app decodes exactly these shapes; the schema version changes whenever the shape does."
    )

    func run() throws {
        print(LiveActivitySchema.jsonSchema())
    }
}
