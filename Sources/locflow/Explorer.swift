import Foundation
import LocflowFlow

enum Explorer {
    static func launch(args: [String], flow: String?) -> Int32 {
        CommandIO.standard.err("locflow: the explorer is not built yet; see `locflow help`")
        return 2
    }
}
