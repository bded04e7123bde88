/// Finds the blocks of one kind (certificates or CRLs) in PEM text. Other block types (keys, CRLs in a
/// certificate file) and text around blocks are ignored.
enum PEMDecoder {
    static func blocks(in text: String, of kind: EncodedObjectKind, path: String)
        throws(CertificateLoadError) -> [ArraySlice<UInt8>]
    {
        var result: [ArraySlice<UInt8>] = []
        var label: String?
        var body = ""
        var startLine = 0
        var sawAnyBlock = false
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: " \t\r")
            if label == nil {
                if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----") {
                    label = String(line.dropFirst(11).dropLast(5))
                    body = ""
                    startLine = number + 1
                    sawAnyBlock = true
                }
                continue
            }
            if line.hasPrefix("-----END ") {
                defer { label = nil }
                guard line == "-----END \(label!)-----" else {
                    throw CertificateLoadError(path: path, kind: .badPEM,
                                               problem: "PEM block at line \(startLine): END line does not match BEGIN \(label!)")
                }
                guard kind.pemLabels.contains(label!) else { continue }
                guard let der = Base64.decode(body), !der.isEmpty else {
                    throw CertificateLoadError(path: path, kind: .badPEM,
                                               problem: "PEM block at line \(startLine): base64 body is invalid")
                }
                result.append(der[...])
                if result.count > kind.maximumCount { return result }
                continue
            }
            // Skip RFC 1421 headers ("Proc-Type: ...") inside a block.
            if line.contains(":") { continue }
            body += line
        }
        if let label {
            throw CertificateLoadError(path: path, kind: .badPEM,
                                       problem: "PEM block \(label) at line \(startLine) has no END line (truncated?)")
        }
        guard !result.isEmpty else {
            throw CertificateLoadError(
                path: path, kind: kind.notFound,
                problem: sawAnyBlock ? "PEM file holds no \(kind.pemBlockName) block" : kind.notThis)
        }
        return result
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }
}
