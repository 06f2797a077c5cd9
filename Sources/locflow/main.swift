import Foundation
import LocflowCore
import LocflowFlow

if let problem = Arguments.notUTF8(argc: CommandLine.argc, argv: CommandLine.unsafeArgv) {
    StandardStreams.err(problem + "\n")
    exit(2)
}
let code = CLI.main(Array(CommandLine.arguments.dropFirst()))
exit(code)
