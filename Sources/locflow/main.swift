import Foundation
import LocflowCore
import LocflowFlow

let code = CLI.main(Array(CommandLine.arguments.dropFirst()))
exit(code)
