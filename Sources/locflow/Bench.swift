import LocflowFlow
enum Bench {
    static func main(_ args: [String], io: CommandIO) -> Int32 { 2 }
}
