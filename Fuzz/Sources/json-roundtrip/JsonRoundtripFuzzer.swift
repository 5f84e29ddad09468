// json-roundtrip: libFuzzer over Invariants.check("json-roundtrip", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum JsonRoundtripFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("json-roundtrip", data, size) }
