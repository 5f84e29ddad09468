import CFuzzDriver
import ContractInvariants
import Foundation

/// Runs libFuzzer from a fuzz target's `main` over one of the main package's invariant checks.
///
/// SwiftPM renames an executable's entry point and aliases `main` to it, which hides libFuzzer's own `main`; so every
/// target has an `@main` that hands its `LLVMFuzzerTestOneInput` to libFuzzer's driver here.
public enum FuzzDriver {
    /// Runs libFuzzer with the process's arguments over `testOneInput`, and exits with libFuzzer's status.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }

    /// Runs the invariant check `target` on libFuzzer's input.
    public static func check(_ target: String, _ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        Invariants.check(target, UnsafeBufferPointer(start: data, count: size))
        return 0
    }
}
