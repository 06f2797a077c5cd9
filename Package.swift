// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "locflow",
    products: [
        .executable(name: "locflow", targets: ["locflow"]),
        // The simulated device and location manager for an app's own tests (docs/testing.md).
        .library(name: "LocflowTesting", targets: ["LocflowTesting"]),
    ],
    targets: [
        // The pure model: state, events, reducer, derived view, rules. No Foundation, no I/O.
        .target(name: "LocflowCore"),
        // .flow lexer/parser/printer/runner, traces, Info.plist and InfoPlist.strings loading.
        .target(name: "LocflowFlow", dependencies: ["LocflowCore", "CPrefetch"]),
        // The explorer's pure view: layout, panes, keymap, render(state, size) -> Frame.
        .target(name: "LocflowExplorer", dependencies: ["LocflowCore", "LocflowFlow"]),
        // The simulated device and location manager with Apple's names, on the model (never ncurses).
        .target(name: "LocflowTesting", dependencies: ["LocflowCore", "LocflowFlow"]),
        // Header-only: the processor's prefetch hint, which Swift cannot write (the model checker).
        .systemLibrary(name: "CPrefetch"),
        // Header-only wrapper around the system ncursesw (Debian: libncurses-dev).
        .systemLibrary(name: "CNcursesw"),
        .executableTarget(
            name: "locflow",
            dependencies: ["LocflowCore", "LocflowFlow", "LocflowExplorer", "LocflowTesting", "CNcursesw"]
        ),
        .testTarget(name: "LocflowCoreTests", dependencies: ["LocflowCore"]),
        .testTarget(name: "LocflowFlowTests", dependencies: ["LocflowCore", "LocflowFlow"]),
        .testTarget(name: "LocflowTestingTests", dependencies: ["LocflowCore", "LocflowFlow", "LocflowTesting"]),
        .testTarget(name: "LocflowExplorerTests", dependencies: ["LocflowCore", "LocflowFlow", "LocflowExplorer"],
                    exclude: ["Goldens"]),
    ]
)
