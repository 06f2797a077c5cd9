import Foundation
import PackagePlugin

/// Writes the world's plain fields from their declarations (`Sources/LocflowCore/World.fields`):
/// the storage, the accessors, the canonical form and the fingerprint of every field follow from
/// the one line that declares it (docs/design.md, "Fields, declared once").
@main struct WorldFields: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = target.directoryURL.appending(path: "World.fields")
        let output = context.pluginWorkDirectoryURL.appending(path: "World+Fields.swift")
        return [.buildCommand(displayName: "Generating the world's fields from World.fields",
                              executable: try context.tool(named: "WorldFieldsTool").url,
                              arguments: [input.path, output.path],
                              inputFiles: [input], outputFiles: [output])]
    }
}
