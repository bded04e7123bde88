import TrustCertificates
import TrustEvaluation

/// `--anchors PATH...`, `--system-anchors` and `--system-store PATH`: the one reading of the anchor options,
/// shared by `verify` and `connect`.
enum AnchorOptions {
    static let options: [CommandOption] = [
        .repeatable("--anchors", "PATH", "trust these certificates (file or directory); system roots are then off"),
        .flag("--system-anchors", "trust the system roots too, beside --anchors"),
        .value("--system-store", "PATH", "the system roots (default \(CertificateStore.defaultSystemBundlePath))"),
    ]

    /// The anchors the options name: the system roots without `--anchors`, else the given certificates alone
    /// (anchors-only) or beside the system roots with `--system-anchors`. The system store is read only when
    /// it can matter. Nil after an input error has been reported.
    static func anchors(_ arguments: ParsedArguments, io: CommandIO) -> TrustAnchors? {
        let anchorPaths = arguments.allValues("--anchors")
        let useSystem = anchorPaths.isEmpty || arguments.has("--system-anchors")
        let system: CertificateStore
        do {
            system = useSystem ? try CertificateStore.system(path: arguments.value("--system-store")
                ?? CertificateStore.defaultSystemBundlePath) : .empty
        } catch {
            io.inputErrors([error])
            return nil
        }
        if anchorPaths.isEmpty { return TrustAnchors(system: system) }
        guard let loaded = CertificateInputs.load(anchorPaths, io: io) else { return nil }
        return TrustAnchors(custom: CertificateStore(loaded.flatMap(\.certificates)),
                            anchorsOnly: !arguments.has("--system-anchors"), system: system)
    }
}
