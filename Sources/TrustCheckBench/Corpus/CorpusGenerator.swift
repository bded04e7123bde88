/// Makes the benchmark's chains: deterministic (fixed keys, dates and serials; deterministic signatures),
/// so every run measures the same bytes, and independent of today's date (see `BenchTime`).
struct CorpusGenerator {
    private let keys: [KeyType: [BenchKey]]

    init() {
        var keys: [KeyType: [BenchKey]] = [:]
        for type in KeyType.allCases { keys[type] = type.pool.map(BenchKey.init(pem:)) }
        self.keys = keys
    }

    /// Key `index` of `type`'s pool, cycling.
    func key(_ type: KeyType, _ index: Int) -> BenchKey {
        let pool = keys[type]!
        return pool[index % pool.count]
    }

    /// A serial unique in the corpus: the section, the chain and the certificate's place in it.
    private static func serial(_ section: Section, _ chain: Int, _ position: Int) -> UInt64 {
        UInt64(section.rawValue) << 48 | UInt64(chain) << 8 | UInt64(position)
    }

    /// Which part of the corpus a certificate belongs to; keeps serials and names apart.
    enum Section: Int {
        case distinct = 1, sharedRoot, length, filler, adversarial, stream, process
    }

    /// A self-signed root; its key is pool key `keyIndex` (default: `index`).
    func root(_ type: KeyType, section: Section, index: Int, name: String, keyIndex: Int? = nil) -> [UInt8] {
        let key = key(type, keyIndex ?? index)
        return CertificateIssuer.issue(
            CertificateSpec(commonName: name, organization: "TrustCheck Bench", serial: Self.serial(section, index, 0),
                            notBefore: BenchTime.rootNotBefore, notAfter: BenchTime.rootNotAfter),
            key: key, issuer: nil, issuerKey: key)
    }

    func intermediate(_ type: KeyType, section: Section, index: Int, position: Int, name: String, keyIndex: Int,
                      issuer: [UInt8], issuerKey: BenchKey, withKeyIdentifiers: Bool = true) -> [UInt8]
    {
        CertificateIssuer.issue(
            CertificateSpec(commonName: name, organization: "TrustCheck Bench", serial: Self.serial(section, index, position),
                            notBefore: BenchTime.intermediateNotBefore, notAfter: BenchTime.intermediateNotAfter,
                            withKeyIdentifiers: withKeyIdentifiers),
            key: key(type, keyIndex), issuer: issuer, issuerKey: issuerKey)
    }

    func leaf(_ type: KeyType, section: Section, index: Int, host: String, keyIndex: Int, issuer: [UInt8],
              issuerKey: BenchKey, withKeyIdentifiers: Bool = true, longLived: Bool = false) -> [UInt8]
    {
        CertificateIssuer.issue(
            CertificateSpec(commonName: host, organization: "TrustCheck Bench", serial: Self.serial(section, index, 255),
                            notBefore: longLived ? BenchTime.longLeafNotBefore : BenchTime.leafNotBefore,
                            notAfter: longLived ? BenchTime.longLeafNotAfter : BenchTime.leafNotAfter,
                            dnsName: host, withKeyIdentifiers: withKeyIdentifiers),
            key: key(type, keyIndex), issuer: issuer, issuerKey: issuerKey)
    }

    /// `count` chains leaf ← intermediate ← root, each with its own root.
    func distinctRoots(_ type: KeyType, count: Int) -> [BenchChain] {
        (0..<count).map { i in
            let root = root(type, section: .distinct, index: i, name: "Bench \(type.rawValue) Root \(i)")
            let inter = intermediate(type, section: .distinct, index: i, position: 1, name: "Bench \(type.rawValue) CA \(i)",
                                     keyIndex: i + 3, issuer: root, issuerKey: key(type, i))
            let host = "host\(i).distinct.\(type.rawValue.lowercased()).bench.test"
            let leaf = leaf(type, section: .distinct, index: i, host: host, keyIndex: i + 5, issuer: inter,
                            issuerKey: key(type, i + 3))
            return BenchChain(presented: [leaf, inter], root: root, host: host, keyType: type)
        }
    }

    /// `count` chains under one root, each with its own intermediate and leaf.
    func sharedRoot(_ type: KeyType, count: Int) -> [BenchChain] {
        let rootKey = key(type, 0)
        let root = root(type, section: .sharedRoot, index: 0, name: "Bench \(type.rawValue) Shared Root")
        return (0..<count).map { i in
            let inter = intermediate(type, section: .sharedRoot, index: i, position: 1,
                                     name: "Bench \(type.rawValue) Shared CA \(i)", keyIndex: i + 1, issuer: root,
                                     issuerKey: rootKey)
            let host = "host\(i).shared.\(type.rawValue.lowercased()).bench.test"
            let leaf = leaf(type, section: .sharedRoot, index: i, host: host, keyIndex: i + 2, issuer: inter,
                            issuerKey: key(type, i + 1))
            return BenchChain(presented: [leaf, inter], root: root, host: host, keyType: type)
        }
    }

    /// A chain of `length` certificates counting the root: leaf, `length - 2` intermediates, root.
    func chain(length: Int, _ type: KeyType, index: Int) -> BenchChain {
        let chainIndex = length * 1000 + index
        let root = root(type, section: .length, index: chainIndex, name: "Bench Length \(length) Root \(index)")
        var issuer = root
        var issuerKeyIndex = chainIndex
        var intermediates: [[UInt8]] = []
        for depth in 1..<(length - 1) {
            let keyIndex = chainIndex + depth
            issuer = intermediate(type, section: .length, index: chainIndex, position: depth,
                                  name: "Bench Length \(length) CA \(index).\(depth)", keyIndex: keyIndex, issuer: issuer,
                                  issuerKey: key(type, issuerKeyIndex))
            issuerKeyIndex = keyIndex
            intermediates.insert(issuer, at: 0)
        }
        let host = "host\(index).length\(length).bench.test"
        let leaf = leaf(type, section: .length, index: chainIndex, host: host, keyIndex: chainIndex + length,
                        issuer: issuer, issuerKey: key(type, issuerKeyIndex))
        return BenchChain(presented: [leaf] + intermediates, root: root, host: host, keyType: type)
    }

    /// `count` self-signed Ed25519 CAs with distinct names: anchors no corpus chain uses.
    func fillerAnchors(count: Int) -> [[UInt8]] {
        (0..<count).map { i in root(.ed25519, section: .filler, index: i, name: "Bench Filler Anchor \(i)") }
    }

    /// A leaf whose issuer's name is shared by `decoys` other presented CAs (signed by the same root, other
    /// keys), presented before the real one. With key identifiers the leaf's AKI tells them apart; without,
    /// only a signature check does.
    func adversarial(decoys: Int, withKeyIdentifiers: Bool) -> BenchChain {
        let type = KeyType.p256
        let tag = withKeyIdentifiers ? 1 : 2
        let rootKey = key(type, 0)
        let root = root(type, section: .adversarial, index: tag, name: "Bench Adversarial Root \(tag)", keyIndex: 0)
        let name = "Bench Adversarial CA"
        let decoyCAs = (0..<decoys).map { d in
            intermediate(type, section: .adversarial, index: tag, position: 2 + d, name: name, keyIndex: 2 + d % 5,
                         issuer: root, issuerKey: rootKey, withKeyIdentifiers: withKeyIdentifiers)
        }
        let real = intermediate(type, section: .adversarial, index: tag, position: 1, name: name, keyIndex: 1,
                                issuer: root, issuerKey: rootKey, withKeyIdentifiers: withKeyIdentifiers)
        let host = "adversarial\(tag).bench.test"
        let leaf = leaf(type, section: .adversarial, index: tag, host: host, keyIndex: 7, issuer: real,
                        issuerKey: key(type, 1), withKeyIdentifiers: withKeyIdentifiers)
        return BenchChain(presented: [leaf] + decoyCAs + [real], root: root, host: host, keyType: type)
    }
}
