// recording: libFuzzer over Invariants.check("recording", _:) (Sources/ContractInvariants in the main package).
import FuzzDriver

@main
enum RecordingFuzzer {
    static func main() { FuzzDriver.run(fuzz) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt { FuzzDriver.check("recording", data, size) }
