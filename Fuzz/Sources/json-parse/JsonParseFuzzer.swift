// json-parse: libFuzzer over Invariants.check("json-parse", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum JsonParseFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("json-parse", data, size) }
