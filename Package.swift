// swift-tools-version:6.1
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
        // Its plain fields are declared once in World.fields: the WorldFields plugin writes their
        // storage, accessors, canonical form and fingerprint at build time (docs/design.md).
        .target(name: "LocflowCore", exclude: ["World.fields"], plugins: ["WorldFields"]),
        .executableTarget(name: "WorldFieldsTool"),
        .plugin(name: "WorldFields", capability: .buildTool(), dependencies: ["WorldFieldsTool"]),
        // .flow lexer/parser/printer/runner, traces, Info.plist and InfoPlist.strings loading.
        // The model checker's engine: breadth-first search over any model (`CheckableModel`), its
        // visited set, buffers, schedule and threads. Knows nothing of locflow's model. Built with
        // cross-module optimization, so that its generic code is specialized for the model in
        // LocflowFlow, and without dynamic exclusivity checks, which the optimizer could not take
        // out of code inlined into another module (6% of the instructions; docs/speed.md).
        .target(name: "LocflowCheck", dependencies: ["CPrefetch"],
                swiftSettings: [.unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"])]),
        // Reads the history the rules may not read (World.fields, `history`): the plugin writes
        // its readers here, outside LocflowCore.
        .target(name: "LocflowFlow", dependencies: ["LocflowCore"], plugins: ["WorldFields"]),
        // The model checker's commands over the model: explore, paths, the invariants and the
        // actions tried; the one place the model meets the engine (LocflowCheck, whose unsafe
        // flags stay out of LocflowTesting's dependencies, so a package can depend on it by version).
        .target(name: "LocflowExplore", dependencies: ["LocflowCore", "LocflowFlow", "LocflowCheck"]),
        // The explorer's pure view: layout, panes, keymap, render(state, size) -> Frame.
        .target(name: "LocflowExplorer", dependencies: ["LocflowCore", "LocflowFlow"]),
        // The simulated device and location manager with Apple's names, on the model (never ncurses).
        .target(name: "LocflowTesting", dependencies: ["LocflowCore", "LocflowFlow"]),
        // Header-only: the processor's prefetch hint and atomics, which Swift cannot write (LocflowCheck's visited set).
        .systemLibrary(name: "CPrefetch"),
        // Header-only wrapper around the system ncursesw (Debian: libncurses-dev).
        .systemLibrary(name: "CNcursesw"),
        .executableTarget(
            name: "locflow",
            dependencies: ["LocflowCore", "LocflowFlow", "LocflowExplore", "LocflowExplorer", "LocflowTesting", "CNcursesw"]
        ),
        .testTarget(name: "LocflowCoreTests", dependencies: ["LocflowCore", "LocflowFlow"]),
        .testTarget(name: "LocflowCheckTests", dependencies: ["LocflowCheck"]),
        .testTarget(name: "LocflowFlowTests", dependencies: ["LocflowCore", "LocflowFlow", "LocflowExplore", "LocflowCheck"]),
        .testTarget(name: "LocflowTestingTests", dependencies: ["LocflowCore", "LocflowFlow", "LocflowTesting"]),
        .testTarget(name: "LocflowExplorerTests", dependencies: ["LocflowCore", "LocflowFlow", "LocflowExplorer"],
                    exclude: ["Goldens"]),
    ]
)
