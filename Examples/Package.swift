// swift-tools-version:6.0
import PackageDescription

// A small app's location-permission logic and its tests on LocflowTesting (docs/testing.md).
// `PermissionLogic` is the app's own code: it talks to Core Location through protocols of its own
// (`LocationManaging`, `BackgroundLocationServices`) that CLLocationManager and CLServiceSession
// satisfy on an Apple platform, and that the simulated device satisfies in the tests.
let package = Package(
    name: "PermissionExample",
    dependencies: [.package(name: "locflow", path: "..")],
    targets: [
        .target(name: "PermissionLogic"),
        .testTarget(name: "PermissionLogicTests",
                    dependencies: ["PermissionLogic", .product(name: "LocflowTesting", package: "locflow")]),
    ]
)
