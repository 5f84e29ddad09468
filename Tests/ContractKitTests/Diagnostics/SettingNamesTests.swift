import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// ContractKit's hints name a setting the way the caller sets it: a flag only when the command line says so.
@Suite struct SettingNamesTests {
    @Test func aMissingSpecsFolderIsNamedForTheCaller() async {
        func hint() -> String {
            do {
                _ = try SpecLoader().load(directory: "/nonexistent-specs-\(UUID().uuidString)")
                return "loaded"
            } catch {
                return error.errors.first?.hint ?? ""
            }
        }
        let library = hint()
        #expect(library == "run from the folder that holds Specs/, or point the specs path at the specs folder")
        #expect(!library.contains("--"))
        let flags = SettingNames([.specs: "--specs"])
        let commandLine = SettingNames.$current.withValue(flags) { hint() }
        #expect(commandLine == "run from the folder that holds Specs/, or point --specs at the specs folder")
    }

    @Test func everySettingHasALibraryNameWithoutAFlag() {
        for setting in Setting.allCases {
            let name = SettingNames.library[setting]
            #expect(!name.isEmpty && !name.hasPrefix("--"), "\(setting): \(name)")
        }
        #expect(SettingNames([.timeout: "--timeout"])[.timeout] == "--timeout")
        #expect(
            SettingNames([.timeout: "--timeout"])[.retries] == "retries", "unnamed settings keep the library's name")
    }

    @Test func theDiffSummaryNamesTheValuesSetting() {
        let old = Recording(
            endpoint: "a/b", request: .init(method: "GET", url: "/"),
            response: .init(status: 200, body: .json(.object(JSONObject(["n": .number(JSONNumber(1))])))))
        let new = Recording(
            endpoint: "a/b", request: .init(method: "GET", url: "/"),
            response: .init(status: 200, body: .json(.object(JSONObject(["n": .number(JSONNumber(2))])))))
        let diff = RecordingDiff(old: old, new: new)
        #expect(diff.renderText(old: "o", new: "n", values: false).contains("(values: true lists them)"))
        let flagged = SettingNames.$current.withValue(SettingNames([.diffValues: "--values"])) {
            diff.renderText(old: "o", new: "n", values: false)
        }
        #expect(flagged.contains("(--values lists them)"))
    }
}
