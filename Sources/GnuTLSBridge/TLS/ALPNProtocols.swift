import CGnuTLS

/// Lends ALPN protocol names to gnutls_alpn_set_protocols as datums (GnuTLS copies them during the call).
func withALPNDatums(_ names: [String], _ body: (UnsafePointer<gnutls_datum_t>, UInt32) -> Int32) -> Int32 {
    let bytes = names.map { Array($0.utf8) }
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.reduce(0) { $0 + $1.count }))
    defer { storage.deallocate() }
    var datums: [gnutls_datum_t] = []
    var offset = 0
    for name in bytes {
        (storage + offset).initialize(from: name, count: name.count)
        datums.append(gnutls_datum_t(data: storage + offset, size: UInt32(name.count)))
        offset += name.count
    }
    return datums.withUnsafeBufferPointer { body($0.baseAddress!, UInt32($0.count)) }
}
