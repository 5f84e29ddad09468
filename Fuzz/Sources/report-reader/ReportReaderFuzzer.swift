// report-reader: libFuzzer over Invariants.check("report-reader", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum ReportReaderFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("report-reader", data, size) }
