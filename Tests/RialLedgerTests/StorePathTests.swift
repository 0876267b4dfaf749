import Foundation
import RialArchive
import Testing
@testable import RialLedger

/// A package's key: one for every spelling of its path, relative to a store root when one is given.
@Suite("Store path keys")
struct StorePathTests {
    @Test("./store/a, store//a/, an absolute spelling and a symbolic link to the directory give one key; the file's own name is kept")
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
            // The working directory is the process's: taken in turn with extractions on other threads.
            try SafeDiskWriter.workingDirectory.withLock { _ throws(any Error) in
                let previous = FileManager.default.currentDirectoryPath
                defer { FileManager.default.changeCurrentDirectoryPath(previous) }
                FileManager.default.changeCurrentDirectoryPath(dir.path)
                for spelling in [
                    "store/a.rialpkg", "./store/a.rialpkg", "store//a.rialpkg", "store/../store/a.rialpkg", "alias/a.rialpkg", dir.path + "/store/a.rialpkg",
                ] {
                    #expect(try keys.key(for: spelling) == expected, "\(spelling)")
                }
                #expect(try keys.key(for: "store/link.rialpkg") == real + "/store/link.rialpkg", "a link in the store is its own entry")
                #expect(try keys.key(for: "store/") == real + "/store", "a bag directory, trailing slash or not")
                #expect(try keys.key(for: "gone/../x/b.rialpkg") == real + "/x/b.rialpkg", "a path that does not exist: normalised by its text")
            }
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
}
