// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "contract",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "contract", targets: ["contract"]),
        .library(name: "ContractKit", targets: ["ContractKit"]),
        .library(name: "ContractCLI", targets: ["ContractCLI"]),
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
        // For the fuzz package in Fuzz/ only: the invariants its targets check, which swift test replays on seeds.
        .library(name: "ContractInvariants", targets: ["ContractInvariants"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libcurl directly on Linux (URLSession is libcurl there anyway, at a cost in CPU and start-up), opened with
        // dlopen on the first request rather than linked, so commands that send none never load it: no pkgConfig,
        // which would link it. Headers from libcurl4-openssl-dev. URLSession on macOS, the platform's own client.
        .systemLibrary(name: "CCurl"),
        .target(
            name: "ContractKit",
            dependencies: [
                "CLibYAML", "CSQLite", "CStandardStreams",
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
            ]),
        // Holds closed standard streams open on /dev/null from before the Swift runtime starts (one C file; read
        // through FilePaths.wasClosedAtStart).
        .target(name: "CStandardStreams"),
        .target(
            name: "ContractCLI",
            dependencies: [
                "ContractKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "ContractTesting", dependencies: ["ContractKit"]),
        .target(name: "ContractInvariants", dependencies: ["ContractKit"]),
        .target(name: "SampleModels"),
        .target(name: "DemoServer", dependencies: ["ContractKit"]),
        .executableTarget(
            name: "demo-api",
            dependencies: ["DemoServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "contract", dependencies: ["ContractCLI", "SampleModels"]),
        .executableTarget(name: "contract-bench", dependencies: ["ContractKit", "DemoServer"]),
        // The bench's children are run through this small C program, so that their peak memory is their own (see
        // its main.c).
        .executableTarget(name: "contract-spawn"),
        .target(
            name: "ContractTestSupport", dependencies: ["ContractKit", "DemoServer"], path: "Tests/ContractTestSupport"),
        .testTarget(
            name: "ContractKitTests",
            dependencies: [
                "ContractKit", "ContractTestSupport", "DemoServer", "SampleModels", "ContractInvariants",
                "contract-invariants",
            ]),
        .executableTarget(name: "contract-invariants", dependencies: ["ContractInvariants"]),
        .testTarget(
            name: "ContractCLITests",
            dependencies: ["ContractCLI", "ContractTestSupport", "DemoServer", "SampleModels"]),
        .testTarget(name: "DemoServerTests", dependencies: ["DemoServer", "ContractTestSupport"]),
        .testTarget(
            name: "ContractTestingTests",
            dependencies: ["ContractTesting", "ContractKit", "ContractTestSupport", "SampleModels"]),
    ],
    swiftLanguageModes: [.v6]
)
