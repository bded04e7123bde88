import CGnuTLS

/// Lends Swift bytes to a C call as a `gnutls_datum_t` without copying.
func withDatum<R>(_ bytes: [UInt8], _ body: (UnsafePointer<gnutls_datum_t>) throws -> R) rethrows -> R {
    try withDatum(bytes[...], body)
}

/// The same for a slice (a certificate's TBSCertificate inside its DER).
func withDatum<R>(_ bytes: ArraySlice<UInt8>, _ body: (UnsafePointer<gnutls_datum_t>) throws -> R) rethrows -> R {
    // GnuTLS only reads an input datum (its `data` is not const in C only): no copy of the bytes.
    try bytes.withUnsafeBufferPointer { buffer in
        var datum = gnutls_datum_t(data: buffer.baseAddress.map(UnsafeMutablePointer.init(mutating:)), size: UInt32(buffer.count))
        return try body(&datum)
    }
}

/// Copies a GnuTLS-allocated datum out and frees it: the one place GnuTLS-owned memory is released.
func takeDatum(_ datum: inout gnutls_datum_t) -> [UInt8] {
    defer {
        cgnutls_free(datum.data)
        datum.data = nil
        datum.size = 0
    }
    guard let data = datum.data, datum.size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: Int(datum.size)))
}

/// Runs one of GnuTLS's "buffer + size_t*" getters, growing the buffer when it is too short.
/// Returns nil when GnuTLS says the data is absent (or the index is past the end).
func readBuffer(
    _ function: String,
    _ call: (UnsafeMutableRawPointer, UnsafeMutablePointer<Int>) -> Int32
) throws -> [UInt8]? {
    var capacity = 256
    while true {
        var buffer = [UInt8](repeating: 0, count: capacity)
        var size = capacity
        let rc = buffer.withUnsafeMutableBytes { call($0.baseAddress!, &size) }
        if rc == GnuTLSError.shortMemoryBuffer, size > capacity {
            capacity = size
            continue
        }
        if rc == GnuTLSError.notAvailable { return nil }
        try check(rc, function)
        return Array(buffer.prefix(size))
    }
}

/// Reads a NUL-terminated string through a buffer getter.
func readString(
    _ function: String,
    _ call: (UnsafeMutableRawPointer, UnsafeMutablePointer<Int>) -> Int32
) throws -> String? {
    guard var bytes = try readBuffer(function, call) else { return nil }
    if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
    return String(decoding: bytes, as: UTF8.self)
}
