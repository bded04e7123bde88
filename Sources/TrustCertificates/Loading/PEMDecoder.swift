/// Finds the blocks of one kind (certificates or CRLs) in PEM text. Other block types (keys, CRLs in a
/// certificate file) and text around blocks are ignored.
///
/// The text is scanned as bytes, once: lines end at LF, CRLF or a lone CR (files from Windows and old
/// Macs, and files pasted together from both), a UTF-8 byte order mark before a line is ignored, and
/// lines are slices of the input, so memory grows with the blocks found, not with the number of lines.
/// The text around blocks may be in any encoding; only the block lines must be ASCII.
enum PEMDecoder {
    private static let beginMarker = Array("-----BEGIN ".utf8)
    private static let endMarker = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the bytes hold a BEGIN marker: the test for "this is PEM".
    static func containsBlock(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.firstRange(of: beginMarker.dropLast()) != nil
    }

    static func blocks(in bytes: ArraySlice<UInt8>, of kind: EncodedObjectKind, path: String)
        throws(CertificateLoadError) -> [ArraySlice<UInt8>]
    {
        var result: [ArraySlice<UInt8>] = []
        var label: ArraySlice<UInt8>?
        var body: [UInt8] = []
        var startLine = 0
        var sawAnyBlock = false
        var lineNumber = 0
        var lineStart = bytes.startIndex
        while lineStart < bytes.endIndex {
            var lineEnd = lineStart
            while lineEnd < bytes.endIndex, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            let crlf = lineEnd + 1 < bytes.endIndex && bytes[lineEnd] == 0x0D && bytes[lineEnd + 1] == 0x0A
            defer { lineStart = lineEnd + (crlf ? 2 : 1) }
            lineNumber += 1
            let line = trimmed(bytes[lineStart..<lineEnd])

            guard let open = label else {
                if line.starts(with: beginMarker), line.count >= beginMarker.count + dashes.count,
                   line.suffix(dashes.count).elementsEqual(dashes)
                {
                    label = line.dropFirst(beginMarker.count).dropLast(dashes.count)
                    body.removeAll(keepingCapacity: true)
                    startLine = lineNumber
                    sawAnyBlock = true
                }
                continue
            }
            let name = String(decoding: open, as: UTF8.self)
            if line.starts(with: endMarker) {
                label = nil
                guard line.elementsEqual(endMarker + open + dashes) else {
                    throw CertificateLoadError(path: path, kind: .badPEM,
                                               problem: "PEM block at line \(startLine): END line does not match BEGIN \(name)")
                }
                guard kind.pemLabels.contains(name) else { continue }
                guard let der = Base64.decode(body), !der.isEmpty else {
                    throw CertificateLoadError(path: path, kind: .badPEM,
                                               problem: "PEM block at line \(startLine): base64 body is invalid")
                }
                result.append(der[...])
                if result.count > kind.maximumCount { return result }
                continue
            }
            // Skip RFC 1421 headers ("Proc-Type: ...") inside a block.
            if line.contains(0x3A) { continue }
            body.append(contentsOf: line)
        }
        if let label {
            throw CertificateLoadError(
                path: path, kind: .badPEM,
                problem: "PEM block \(String(decoding: label, as: UTF8.self)) at line \(startLine) has no END line (truncated?)")
        }
        guard !result.isEmpty else {
            throw CertificateLoadError(
                path: path, kind: kind.notFound,
                problem: sawAnyBlock ? "PEM file holds no \(kind.pemBlockName) block" : kind.notThis)
        }
        return result
    }

    /// A line without the spaces and tabs around it, or a byte order mark before it.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        if line.starts(with: byteOrderMark) { line = line.dropFirst(byteOrderMark.count) }
        while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
        while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
        return line
    }
}
