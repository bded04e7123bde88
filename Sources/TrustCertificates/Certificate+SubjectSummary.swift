extension Certificate {
    /// Apple's SecCertificateCopySubjectSummary (apple-sectrust.md §5.3): the best-ranked subject
    /// attribute type (CN > OU > O > other), all its values joined newest-first, the description in
    /// parentheses after a CN; without a CN the first email address, then the first DNS name.
    public var subjectSummary: String? { deferred.subjectSummary.computedOnce { summarizeSubject() } }

    private func summarizeSubject() -> String? {
        var best: (rank: Int, values: [String])?
        var descriptionText: String?
        for attribute in subject.attributes {
            guard let text = attribute.text else { continue }
            if attribute.oid == AttributeOID.description {
                descriptionText = descriptionText ?? text
                continue
            }
            let rank: Int
            switch attribute.oid {
            case AttributeOID.commonName: rank = 0
            case AttributeOID.organizationalUnit: rank = 1
            case AttributeOID.organization: rank = 2
            default: rank = 3
            }
            if best == nil || rank < best!.rank {
                best = (rank, [text])
            } else if rank == best!.rank {
                best!.values.insert(text, at: 0)
            }
        }
        if let best, best.rank == 0 {
            let names = best.values.joined(separator: ", ")
            return descriptionText.map { "\(names) (\($0))" } ?? names
        }
        if let email = emailAddresses.first { return email }
        if let dns = dnsNames.first { return dns }
        return best?.values.joined(separator: ", ")
    }
}
