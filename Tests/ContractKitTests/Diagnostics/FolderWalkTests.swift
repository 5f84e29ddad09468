import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// The walk of the specs folder and of folders of recordings: links out of the folder are named and not read, links
/// inside are followed once, and nothing it could not see is passed over in silence.
@Suite struct FolderWalkTests {
    @Test func linksOutOfTheFolderAreNamedAndNotFollowed() throws {
        let root = try LinkedFolders.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let found = FolderWalk.files(in: root + "/Specs", what: "the specs folder") {
            $0.hasSuffix(".yaml") || $0.hasSuffix(".yml")
        }
        // The link to a file inside is followed, the dangling link is listed for its reader; links to folders (out,
        // or back up) are not walked into, and are named, as their files are left out.
        #expect(found.files == ["a.yaml", "dangling.yaml", "inside.yaml", "team/b.yml"])
        #expect(
            found.problems.map(\.message) == [
                "'\(root)/Specs/linked' is a link to a folder, which is not walked into",
                "'\(root)/Specs/team/loop' is a link to a folder, which is not walked into",
                "'\(root)/Specs/zz.yaml' is a link to a file outside the specs folder",
            ])
        #expect(found.problems.first?.hint?.contains("move the folder itself into the specs folder") == true)

        // A link to a folder with nothing the walk would take (fixtures beside the specs) is no concern.
        try FileManager.default.removeItem(atPath: root + "/outside/group/c.yaml")
        try "{}".write(toFile: root + "/outside/group/fixture.json", atomically: true, encoding: .utf8)
        let again = FolderWalk.files(in: root + "/Specs", what: "the specs folder") { $0.hasSuffix(".yaml") }
        #expect(!again.problems.map(\.message).contains { $0.contains("Specs/linked'") }, "\(again.problems)")
    }

    #if os(Linux)
    // APFS refuses a name that is not UTF-8 in the first place.
    @Test func aFileNameThatIsNotUTF8IsAProblemNotAFileThatCannotBeRead() throws {
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The name's bytes: `b`, 0xFF, `x.yaml`.
        var bytes = Array((root + "/b").utf8) + [0xFF] + Array("x.yaml".utf8) + [0]
        let descriptor = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let found = FolderWalk.files(in: root, what: "the specs folder") { $0.hasSuffix(".yaml") }
        #expect(found.files.isEmpty)
        #expect(found.problems.count == 1)
        #expect(found.problems.first?.message.hasSuffix("in the specs folder is not UTF-8 text") == true)
    }
    #endif
}
