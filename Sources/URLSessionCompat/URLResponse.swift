import Foundation

/// Apple's URLResponse: what any URL load answers, before its body.
open class URLResponse: NSObject, @unchecked Sendable {
    /// The URL the response is for (after redirects).
    open private(set) var url: URL?
    /// The MIME type of the body, from Content-Type, lower-cased.
    open private(set) var mimeType: String?
    /// The body's declared length, -1 when unknown.
    open private(set) var expectedContentLength: Int64
    /// The charset of Content-Type, if any.
    open private(set) var textEncodingName: String?

    /// Apple's initialiser.
    public init(url: URL, mimeType: String?, expectedContentLength length: Int, textEncodingName name: String?) {
        self.url = url
        self.mimeType = mimeType
        expectedContentLength = Int64(length)
        textEncodingName = name
        super.init()
    }

    /// The last path component of the URL, or "Unknown", as Apple suggests without a Content-Disposition.
    open var suggestedFilename: String? {
        let last = url?.lastPathComponent ?? ""
        return last.isEmpty || last == "/" ? "Unknown" : last
    }
}
