// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "contract",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "contract", targets: ["contract"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "ContractCLI", targets: ["ContractCLI"]),
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "ContractKit", dependencies: ["CLibYAML"]),
        .target(
            name: "ContractCLI",
            dependencies: [
                "ContractKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ContractTesting", dependencies: ["ContractKit"]),
        .target(name: "SampleModels"),
        .executableTarget(name: "contract", dependencies: ["ContractCLI", "SampleModels"]),
        .target(name: "ContractTestSupport", dependencies: ["ContractKit"], path: "Tests/ContractTestSupport"),
        .testTarget(name: "ContractKitTests", dependencies: ["ContractKit", "ContractTestSupport", "SampleModels"]),
        .testTarget(name: "ContractCLITests", dependencies: ["ContractCLI", "ContractTestSupport", "SampleModels"]),
        .testTarget(name: "ContractTestingTests", dependencies: ["ContractTesting", "ContractKit", "ContractTestSupport", "SampleModels"]),
    ],
    swiftLanguageModes: [.v6]
)
