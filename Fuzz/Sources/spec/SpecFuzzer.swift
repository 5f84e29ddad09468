// spec: libFuzzer over Invariants.check("spec", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum SpecFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("spec", data, size) }
