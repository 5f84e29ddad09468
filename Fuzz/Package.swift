// swift-tools-version:6.0
// libFuzzer targets for ContractKit. A package of its own, so that building the main package never builds them.
// Build and run with ./run.sh (see docs/Fuzzing.md). Each target runs one of the checks in the main package's
// ContractInvariants library, which `swift test` also replays on every saved input (Tests/Fixtures/Fuzz/).
import PackageDescription

/// One executable per fuzz target: the folder Sources/<name> holds its entry point.
let fuzzTargets = ["json-parse", "json-roundtrip", "recording", "diff", "report-reader", "spec", "redaction"]

let package = Package(
    name: "contract-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "contract", path: "..")],
    targets: [
        // The declaration of libFuzzer's LLVMFuzzerRunDriver, for the targets' main functions.
        .target(name: "CFuzzDriver"),
        .target(
            name: "FuzzDriver",
            dependencies: ["CFuzzDriver", .product(name: "ContractInvariants", package: "contract")]),
    ]
        + fuzzTargets.map { name in .executableTarget(name: name, dependencies: ["FuzzDriver"]) },
    swiftLanguageModes: [.v6]
)
