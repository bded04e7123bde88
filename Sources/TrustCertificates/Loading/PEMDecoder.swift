import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Finds the blocks of one kind (certificates or CRLs) in PEM text. Other block types (keys, CRLs in a
/// certificate file) and text around blocks are ignored.
///
/// The text is scanned as bytes, once, and never copied line by line: lines end at LF, CRLF or a lone
/// CR (files from Windows and old Macs, and files pasted together from both); a UTF-8 byte order mark
/// before a line is ignored. Between blocks the scan jumps from one "-----BEGIN " to the next
/// (memchr), so text or blank lines around blocks cost no per-line work, and memory grows with the
/// blocks found, not with the number of lines. Line numbers, for messages, are counted only on error.
/// The text around blocks may be in any encoding; only the block lines must be ASCII.
enum PEMDecoder {
    private static let beginMarker = Array("-----BEGIN ".utf8)
    private static let endMarker = Array("-----END ".utf8)
    private static let dashes = Array("-----".utf8)
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the bytes hold a BEGIN marker: the test for "this is PEM".
    static func containsBlock(_ bytes: ArraySlice<UInt8>) -> Bool {
        find(Array(beginMarker.dropLast()), in: bytes, from: bytes.startIndex) != nil
    }

    static func blocks(in bytes: ArraySlice<UInt8>, of kind: EncodedObjectKind, path: String)
        throws(CertificateLoadError) -> [ArraySlice<UInt8>]
    {
        var result: [ArraySlice<UInt8>] = []
        var sawAnyBlock = false
        var position = bytes.startIndex
        while let marker = find(beginMarker, in: bytes, from: position) {
            let begin = line(around: marker, in: bytes)
            // A BEGIN line holds only the marker, the label and dashes (and blanks or a BOM around them).
            // A marker that does not start such a line rules out its whole line — any other marker on it
            // is not at its start either — so the scan resumes at the next line: each byte is looked at
            // a bounded number of times however many markers share a line.
            position = begin.next
            guard trimmed(bytes[begin.start..<begin.end]).startIndex == marker, let label = Self.label(of: bytes[marker..<begin.end])
            else { continue }
            sawAnyBlock = true
            let name = String(decoding: label, as: UTF8.self)
            func failure(_ problem: String) -> CertificateLoadError {
                CertificateLoadError(path: path, kind: .badPEM,
                                     problem: problem.replacing("#", with: "\(lineNumber(of: begin.start, in: bytes))"))
            }
            var body: [UInt8] = []
            var next = begin.next
            var ended = false
            while next < bytes.endIndex {
                let current = line(startingAt: next, in: bytes)
                next = current.next
                let text = trimmed(bytes[current.start..<current.end])
                if text.starts(with: endMarker) {
                    guard text.elementsEqual(endMarker + label + dashes) else {
                        throw failure("PEM block at line #: END line does not match BEGIN \(name)")
                    }
                    ended = true
                    break
                }
                // Skip RFC 1421 headers ("Proc-Type: ...") inside a block.
                if !text.contains(0x3A) { body.append(contentsOf: text) }
            }
            guard ended else { throw failure("PEM block \(name) at line # has no END line (truncated?)") }
            position = next
            guard kind.pemLabels.contains(name) else { continue }
            guard let der = Base64.decode(body), !der.isEmpty else { throw failure("PEM block at line #: base64 body is invalid") }
            result.append(der[...])
            if result.count > kind.maximumCount { return result }
        }
        guard !result.isEmpty else {
            throw CertificateLoadError(
                path: path, kind: kind.notFound,
                problem: sawAnyBlock ? "PEM file holds no \(kind.pemBlockName) block" : kind.notThis)
        }
        return result
    }

    /// The label of "-----BEGIN <label>-----" followed only by blanks; nil if the line is not that.
    private static func label(of line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let text = trimmed(line)
        guard text.count >= beginMarker.count + dashes.count, text.suffix(dashes.count).elementsEqual(dashes) else { return nil }
        return text.dropFirst(beginMarker.count).dropLast(dashes.count)
    }

    private struct Line {
        let start: Int
        /// Where the line's text ends (its line break, or the end of the input).
        let end: Int
        /// Where the next line starts.
        let next: Int
    }

    private static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    private static func line(startingAt start: Int, in bytes: ArraySlice<UInt8>) -> Line {
        var end = start
        while end < bytes.endIndex, !isBreak(bytes[end]) { end += 1 }
        let crlf = end + 1 < bytes.endIndex && bytes[end] == 0x0D && bytes[end + 1] == 0x0A
        return Line(start: start, end: end, next: min(bytes.endIndex, end + (crlf ? 2 : 1)))
    }

    /// The line holding `index`. Looks back only over what may precede a BEGIN marker on its line
    /// (blanks and a BOM): anything else makes it no BEGIN line, whatever lies further back.
    private static func line(around index: Int, in bytes: ArraySlice<UInt8>) -> Line {
        var start = index
        while start > bytes.startIndex, !isBreak(bytes[start - 1]), index - start < 64 { start -= 1 }
        let rest = line(startingAt: index, in: bytes)
        return Line(start: start, end: rest.end, next: rest.next)
    }

    /// 1-based line number of `index`: LF, CRLF and a lone CR each end one line.
    private static func lineNumber(of index: Int, in bytes: ArraySlice<UInt8>) -> Int {
        var number = 1
        var position = bytes.startIndex
        while position < index {
            if bytes[position] == 0x0A || (bytes[position] == 0x0D && (position + 1 >= bytes.endIndex || bytes[position + 1] != 0x0A)) {
                number += 1
            }
            position += 1
        }
        return number
    }

    /// A line without the spaces and tabs around it, or a byte order mark before it.
    private static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var line = line
        while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
        if line.starts(with: byteOrderMark) { line = line.dropFirst(byteOrderMark.count) }
        while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
        while let last = line.last, last == 0x20 || last == 0x09 { line = line.dropLast() }
        return line
    }

    /// The first index at or after `start` where `needle` occurs. libc's memchr finds each candidate
    /// first byte, so the blank lines or text between blocks cost no per-byte Swift work.
    private static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard start < bytes.endIndex, let first = needle.first else { return nil }
        return bytes[start...].withUnsafeBytes { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var offset = 0
            while offset + needle.count <= haystack.count {
                guard let hit = memchr(base + offset, Int32(first), haystack.count - offset) else { return nil }
                offset = base.distance(to: UnsafeRawPointer(hit))
                guard offset + needle.count <= haystack.count else { return nil }
                if memcmp(base + offset, needle, needle.count) == 0 { return start + offset }
                offset += 1
            }
            return nil
        }
    }
}
