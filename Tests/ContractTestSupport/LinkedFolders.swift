import Foundation

/// A specs folder with links in it: out of it to a file and to a folder (both holding a planted secret), inside it to
/// a file and back up to itself, and to nothing.
package enum LinkedFolders {
    package static func make() throws -> String {
        let root = TestSuites.temporaryDirectory()
        let manager = FileManager.default
        for folder in ["Specs/team", "outside/group"] {
            try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["Specs/a.yaml", "Specs/team/b.yml", "Specs/notes.txt"] {
            try "shapes: {}\n".write(toFile: root + "/" + file, atomically: false, encoding: .utf8)
        }
        for file in ["outside/npmrc", "outside/group/c.yaml"] {
            try "//registry.npmjs.org/:_authToken=npm_SECRETVALUE123456\n".write(
                toFile: root + "/" + file, atomically: false, encoding: .utf8)
        }
        try manager.createSymbolicLink(atPath: root + "/Specs/zz.yaml", withDestinationPath: "../outside/npmrc")
        try manager.createSymbolicLink(atPath: root + "/Specs/linked", withDestinationPath: "../outside/group")
        try manager.createSymbolicLink(atPath: root + "/Specs/inside.yaml", withDestinationPath: "team/b.yml")
        try manager.createSymbolicLink(atPath: root + "/Specs/team/loop", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root + "/Specs/dangling.yaml", withDestinationPath: "nowhere.yaml")
        return root
    }
}
