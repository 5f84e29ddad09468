import Foundation

/// Figure 10: `contract import openapi` on Stripe's public document of 2022 (`openapi/spec3.yaml` at `b35a252d`, 3.8 MB
/// of YAML, 493 operations), process start to exit: peak memory (the child's maximum resident set, which counts the
/// process's fixed 20-odd MB) as a multiple of the document's size (target: under 10x) and CPU time (target: under
/// 3 s); `contract lint` on the result beside it.
///
/// The document is read from a fetched mirror of github.com/stripe/openapi (`--stripe-mirror PATH`, default
/// `/work/.mirror/stripe+openapi/repo`); without one the figure is skipped.
enum ImportFigures {
    static let commit = "b35a252d"

    static func run(quick: Bool, contract: String, mirror: String) -> [Row] {
        guard FileManager.default.isExecutableFile(atPath: contract) else {
            print("  figure 10 skipped: build the contract executable in the same configuration first")
            return []
        }
        let folder = NSTemporaryDirectory() + "contract-bench-import-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = folder + "/spec3.yaml"
        guard let text = gitShow(mirror: mirror, "\(commit):openapi/spec3.yaml"), !text.isEmpty else {
            print("  figure 10 skipped: no mirror of github.com/stripe/openapi at \(mirror) (--stripe-mirror PATH)")
            return []
        }
        _ = FileManager.default.createFile(atPath: document, contents: text)
        let output = folder + "/Specs"
        let importArguments = ["import", "openapi", document, "--output", output, "--force"]
        _ = ChildProcess.run(contract, importArguments)
        var imports: [ChildRun] = []
        var lints: [ChildRun] = []
        for _ in 0..<(quick ? 3 : 7) {
            imports.append(ChildProcess.run(contract, importArguments))
            lints.append(ChildProcess.run(contract, ["lint", "--specs", output]))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let peak = median(imports.map { Double($0.peakBytes) })
        let cpu = median(imports.map(\.cpu))
        let ratio = peak / Double(text.count)
        print("  measured figure 10")
        return [
            Row(
                figure: "10 import openapi: peak memory", payload: String(format: "%.1f MB YAML", mb(text.count)),
                ratio: ratio, target: "< 10x, < 3 s", met: ratio < 10 && cpu < 3,
                detail: String(
                    format: "import %.2f s CPU (%.2f s wall), %.1f MB peak; lint %.2f s CPU, %.1f MB peak", cpu,
                    median(imports.map(\.wall)), mb(Int(peak)), median(lints.map(\.cpu)),
                    mb(Int(median(lints.map { Double($0.peakBytes) })))))
        ]
    }

    /// Decimal megabytes, as the document's size is usually given (3.8 MB).
    private static func mb(_ bytes: Int) -> Double { Double(bytes) / 1_000_000 }

    /// `git -C mirror show object`, or nil when git or the mirror is missing.
    private static func gitShow(mirror: String, _ object: String) -> Data? {
        guard FileManager.default.fileExists(atPath: mirror) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", mirror, "show", object]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }
}
