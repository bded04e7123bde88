import FileOutput
import FoundationEssentials

/// TrustKit's `app-vendor-id`: one random UUID per installation (TrustKit keeps it in NSUserDefaults as
/// `TSKVendorIdentifier`); here one per report spool, in its `vendor-id` file, made on first use.
enum VendorIdentifier {
    /// The spool's identifier, made now if it has none; nil when the directory cannot hold one (the
    /// reports then carry TrustKit's default).
    static func read(in directory: String) -> String? {
        let path = directory + "/vendor-id"
        if let existing = stored(at: path) { return existing }
        // Two runs may race to make it: the file is created once, never replaced, and both read the winner's.
        try? OutputFile.createNew(Data(UUID().uuidString.utf8), at: path)
        return stored(at: path)
    }

    private static func stored(at path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 else { return nil }
        let text = String(String(decoding: data, as: UTF8.self).filter { !$0.isWhitespace })
        return UUID(uuidString: text) != nil ? text : nil
    }
}
