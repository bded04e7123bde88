import CTrustCheckBench

/// Issues corpus certificates through GnuTLS (gnutls_x509_crt_privkey_sign). Every signature is
/// deterministic, so the same spec and keys always give the same DER.
enum CertificateIssuer {
    /// A certificate for `subject`'s key signed by `issuerKey`, whose certificate is `issuer` (nil: self-signed).
    static func issue(_ spec: CertificateSpec, key subject: BenchKey, issuer: [UInt8]?, issuerKey: BenchKey) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        let rc = spec.commonName.withCString { cn in
            spec.organization.withCString { org in
                withOptionalCString(spec.dnsName) { dns in
                    var c = tcb_certificate_spec(
                        common_name: cn, organization: org, serial: spec.serial, not_before: spec.notBefore,
                        not_after: spec.notAfter, path_length: Int32(spec.pathLength ?? -1), dns_name: dns,
                        with_key_identifiers: spec.withKeyIdentifiers ? 1 : 0)
                    if let issuer {
                        return issuer.withUnsafeBufferPointer {
                            tcb_issue(&c, subject.handle, $0.baseAddress, $0.count, issuerKey.handle, &out, &length)
                        }
                    }
                    return tcb_issue(&c, subject.handle, nil, 0, issuerKey.handle, &out, &length)
                }
            }
        }
        guard rc == 0, let out else { fatalError("trustcheck-bench: GnuTLS could not issue \(spec.commonName): \(rc)") }
        defer { tcb_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    private static func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }
}
