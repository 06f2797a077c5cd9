import Foundation
import PackagePlugin

/// Writes the world's plain fields from their declarations (`Sources/LocflowCore/World.fields`):
/// the storage, the accessors, the canonical form and the fingerprint of every field follow from
/// the one line that declares it (docs/design.md, "Fields, declared once"). Applied to
/// LocflowFlow, it writes the readers of the history, which LocflowCore's rules cannot read.
@main struct WorldFields: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let core = try context.package.targets(named: ["LocflowCore"]).first else { return [] }
        let input = core.directoryURL.appending(path: "World.fields")
        let tool = try context.tool(named: "WorldFieldsTool").url
        if target.name == "LocflowCore" {
            let output = context.pluginWorkDirectoryURL.appending(path: "World+Fields.swift")
            return [.buildCommand(displayName: "Writing the world's fields from World.fields", executable: tool,
                                  arguments: [input.path, output.path], inputFiles: [input], outputFiles: [output])]
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "World+History.swift")
        return [.buildCommand(displayName: "Writing the history's readers from World.fields", executable: tool,
                              arguments: ["--readers", input.path, output.path], inputFiles: [input], outputFiles: [output])]
    }
}
