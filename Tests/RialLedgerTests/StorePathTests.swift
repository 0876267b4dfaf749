import Foundation
import Testing
@testable import RialLedger

/// A package's key: one for every spelling of its path, relative to a store root when one is given.
@Suite("Store path keys")
struct StorePathTests {
    @Test(
        "relative spellings (./, //, ..) against the working directory, an absolute spelling and a symbolic link to the directory give one key; the file's own name is kept"
    )
    func spellings() throws {
        try withTemporaryDirectory { dir in
            let real = try #require(StorePath.realPath(dir.path))
            let store = dir.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: store.appendingPathComponent("a.rialpkg").path, contents: Data())
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("alias").path, withDestinationPath: "store")
            try FileManager.default.createSymbolicLink(atPath: store.appendingPathComponent("link.rialpkg").path, withDestinationPath: "a.rialpkg")
            let keys = StorePath()
            let expected = real + "/store/a.rialpkg"
            // Spelled relative to the working directory as it is: changing it would change it
            // for every test running beside this one (and for the children they start).
            let here = FileManager.default.currentDirectoryPath.split(separator: "/").count
            let relative = String(repeating: "../", count: here) + dir.path.drop { $0 == "/" }
            for spelling in [
                "\(relative)/store/a.rialpkg", "./\(relative)/store/a.rialpkg", "\(relative)/store//a.rialpkg",
                "\(relative)/store/../store/a.rialpkg", "\(relative)/alias/a.rialpkg", dir.path + "/store/a.rialpkg",
            ] {
                #expect(try keys.key(for: spelling) == expected, "\(spelling)")
            }
            #expect(try keys.key(for: "\(relative)/store/link.rialpkg") == real + "/store/link.rialpkg", "a link in the store is its own entry")
            #expect(try keys.key(for: "\(relative)/store/") == real + "/store", "a bag directory, trailing slash or not")
            #expect(try keys.key(for: "\(relative)/gone/../x/b.rialpkg") == real + "/x/b.rialpkg", "a path that does not exist: normalised by its text")
        }
    }

    @Test("with a store root: keys relative to it, the same from another mount point; outside it refused")
    func relativeToRoot() throws {
        try withTemporaryDirectory { dir in
            for mount in ["one", "two"] {
                let store = dir.appendingPathComponent(mount).appendingPathComponent("sub")
                try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            }
            let one = try StorePath(root: dir.appendingPathComponent("one").path)
            let two = try StorePath(root: dir.appendingPathComponent("two/").path)
            #expect(try one.key(for: dir.appendingPathComponent("one/sub/a.rialpkg").path) == "sub/a.rialpkg")
            #expect(try two.key(for: dir.appendingPathComponent("two/sub/a.rialpkg").path) == "sub/a.rialpkg")
            #expect(try one.rootKey(for: dir.appendingPathComponent("one").path) == StorePath.storeRoot)
            #expect(try one.rootKey(for: dir.appendingPathComponent("one/sub").path) == "sub")
            #expect(throws: LedgerError.self) { try one.key(for: dir.appendingPathComponent("two/sub/a.rialpkg").path) }
            #expect(throws: LedgerError.self) { try StorePath(root: dir.appendingPathComponent("none").path) }
        }
    }

    @Test("a name starting with a combining mark is under its store root, keyed by its bytes")
    func combiningMarkAfterTheSlash() throws {
        try withTemporaryDirectory { dir in
            let store = dir.appendingPathComponent("store")
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
            let name = "\u{301}x.rialpkg"
            FileManager.default.createFile(atPath: store.path + "/" + name, contents: Data())
            let keys = try StorePath(root: store.path)
            #expect(try keys.key(for: store.path + "/" + name) == name)
            #expect(try keys.key(for: store.path + "/sub/") == "sub")
            #expect(StorePath.lexical("/a/b/../\u{301}c") == "/a/\u{301}c")
        }
    }
}
