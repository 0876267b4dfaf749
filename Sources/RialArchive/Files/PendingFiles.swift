#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The temporary files this process is writing and has not moved into place yet, so that a run
/// stopped by a signal can remove them before it exits (`rial`'s interruption handler).
///
/// A temporary file is listed from the moment it is created (``create(_:)``) until it is moved
/// into place (``commit(_:_:)``) or removed (``discard(_:)``). The rename that puts a file in
/// place runs under the same lock as ``interrupt()``, so an interruption sees each output either
/// still temporary (and removes it) or complete, never half-moved; after an interruption, no
/// temporary file is created and none is moved into place.
package enum PendingFiles {
    /// What ``interrupt()`` did.
    package struct Interruption: Sendable, Equatable {
        /// The temporary files removed.
        package var removed: [String]
        /// The outputs that had been moved into place before the interruption, in order.
        package var committed: [String]
    }

    private struct State {
        var pending: [Int: String] = [:]
        var committed: [String] = []
        var nextToken = 0
        var isInterrupted = false
    }

    private static let state = Mutex(State())

    /// Creates a temporary file with `make` and lists the path it returns, atomically with
    /// respect to ``interrupt()``.
    /// - Parameter make: creates the file; returns its descriptor and path.
    /// - Returns: the descriptor, the path, and the token that names the file here.
    /// - Throws: what `make` throws; ``ArchiveError`` `.io` after an interruption (nothing is created).
    package static func create(_ make: () throws -> (descriptor: Int32, path: String)) throws -> (descriptor: Int32, path: String, token: Int) {
        try state.withLock { state in
            guard !state.isInterrupted else { throw ArchiveError(.io, "interrupted; no file is created") }
            let made = try make()
            let token = state.nextToken
            state.nextToken += 1
            state.pending[token] = made.path
            return (made.descriptor, made.path, token)
        }
    }

    /// Runs `move`, which puts the file `token` names in place, and unlists the file.
    /// - Parameters:
    ///   - token: the token ``create(_:)`` returned.
    ///   - destination: where the file goes, recorded when `move` succeeds.
    ///   - move: the rename or link; it removes the temporary name itself when it fails.
    /// - Throws: what `move` throws; ``ArchiveError`` `.io` after an interruption (nothing is moved).
    package static func commit(_ token: Int, to destination: String, _ move: () throws -> Void) throws {
        try state.withLock { state in
            guard !state.isInterrupted else { throw ArchiveError(.io, "interrupted; \(destination) is not written") }
            state.pending[token] = nil
            try move()
            state.committed.append(destination)
        }
    }

    /// Unlists the file `token` names and removes it (when it was not moved into place).
    package static func discard(_ token: Int) {
        state.withLock { state in
            if let path = state.pending.removeValue(forKey: token) { unlink(path) }
        }
    }

    /// Removes every listed temporary file and refuses every later ``create(_:)`` and
    /// ``commit(_:to:_:)``: the process is about to exit.
    /// - Returns: what was removed and what had already been moved into place.
    package static func interrupt() -> Interruption {
        state.withLock { state in
            state.isInterrupted = true
            let removed = state.pending.sorted { $0.key < $1.key }.map(\.value)
            for path in removed { unlink(path) }
            state.pending = [:]
            return Interruption(removed: removed, committed: state.committed)
        }
    }

    /// The temporary files listed now (tests).
    package static var pendingPaths: [String] {
        state.withLock { state in state.pending.sorted { $0.key < $1.key }.map(\.value) }
    }
}
