import CTrustCheckBench

/// One private key of the pool, imported into GnuTLS for signing.
final class BenchKey {
    let handle: OpaquePointer

    init(pem: String) {
        var bytes = Array(pem.utf8)
        guard let key = bytes.withUnsafeMutableBufferPointer({ buffer in
            buffer.withMemoryRebound(to: CChar.self) { tcb_key_import_pem($0.baseAddress, $0.count) }
        }) else { fatalError("trustcheck-bench: GnuTLS refused a key of the committed pool") }
        handle = key
    }

    deinit { tcb_key_free(handle) }
}
