// diff: libFuzzer over Invariants.check("diff", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum DiffFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("diff", data, size) }
