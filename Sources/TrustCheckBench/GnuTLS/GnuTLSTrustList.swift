import CTrustCheckBench

/// The baseline: a GnuTLS trust list and gnutls_x509_trust_list_verify_crt2 on chains given as DER.
/// Read-only after the anchors are added; GnuTLS documents concurrent verification against one list as
/// safe (the shared spec's §6 verified it under helgrind), hence @unchecked Sendable.
final class GnuTLSTrustList: @unchecked Sendable {
    private let handle: OpaquePointer

    init() {
        guard let list = tcb_trust_list_new() else { fatalError("trustcheck-bench: gnutls_x509_trust_list_init failed") }
        handle = list
    }

    deinit { tcb_trust_list_free(handle) }

    /// Adds one anchor (GnuTLS parses its own copy).
    func add(_ der: [UInt8]) {
        let rc = der.withUnsafeBufferPointer { tcb_trust_list_add(handle, $0.baseAddress, $0.count) }
        precondition(rc == 0, "trustcheck-bench: GnuTLS refused an anchor: \(rc)")
    }

    /// GnuTLS's status for the chain (0: trusted), or its negative error code.
    func verify(_ chain: BenchChain) -> Int {
        let count = chain.presented.count
        return withPointers(chain.presented) { pointers in
            var lengths = chain.presented.map(\.count)
            return chain.host.withCString { host in
                Int(tcb_verify(handle, pointers, &lengths, UInt32(count), host))
            }
        }
    }

    private func withPointers<R>(_ ders: [[UInt8]], _ body: (UnsafePointer<UnsafePointer<UInt8>?>) -> R) -> R {
        var pointers: [UnsafePointer<UInt8>?] = []
        pointers.reserveCapacity(ders.count)
        func recurse(_ index: Int) -> R {
            if index == ders.count { return pointers.withUnsafeBufferPointer { body($0.baseAddress!) } }
            return ders[index].withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress)
                return recurse(index + 1)
            }
        }
        return recurse(0)
    }

    /// Pins GnuTLS's clock to the corpus's verification time, once for the process.
    static func pinClock() { tcb_set_verification_time(BenchTime.verification) }
}
