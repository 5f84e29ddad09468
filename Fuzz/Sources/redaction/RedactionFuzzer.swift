// redaction: libFuzzer over Invariants.check("redaction", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum RedactionFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("redaction", data, size) }
