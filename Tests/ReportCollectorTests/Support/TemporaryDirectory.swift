import Foundation

/// A fresh directory under the temporary folder, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init(_ label: String = "collector") throws {
        path = NSTemporaryDirectory() + "\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
