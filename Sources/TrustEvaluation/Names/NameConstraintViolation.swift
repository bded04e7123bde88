import TrustCertificates

/// One reason a certificate breaks a CA's name constraints.
public struct NameConstraintViolation: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Sendable, Hashable {
        /// The name lies inside an excluded subtree (`constraint`).
        case excluded
        /// The name lies outside every permitted subtree of its form.
        case notPermitted
        /// `.webpki`: the name is not valid for its form (a dNSName that is not a host name, an
        /// 8-byte iPAddress, an unparseable mailbox, a URI without a host name), so it cannot be
        /// shown to lie inside or outside a subtree.
        case invalidName
        /// `.webpki`: the subtree (`constraint`) is not valid for its form (a wildcard or leading-dot
        /// dNSName, an iPAddress without a contiguous mask, a malformed mailbox).
        case invalidConstraint
        /// `.webpki`: the name's form (otherName, registeredID, x400Address, ediPartyName) is
        /// constrained, but TrustCheck cannot evaluate constraints of that form.
        case unsupportedNameForm
        /// `.apple`: a critical NameConstraints extension holds a subtree (`constraint`) of a form
        /// Apple does not support.
        case unsupportedCriticalConstraint
        /// `.apple`: the certificate has an empty subject and no subjectAltName extension.
        case certificateHasNoNames
        /// `.apple`: more subtrees than Apple accepts (`NameConstraintsChecker.appleMaximumSubtrees`).
        case tooManySubtrees
        /// `.webpki`: names × subtrees exceeds `NameConstraintsChecker.webpkiComparisonBudget`.
        case tooManyComparisons
    }

    /// Where a certificate's name was found.
    public enum Source: Sendable, Hashable {
        case subjectAltName
        /// The subject DN itself, or one of its emailAddress attributes.
        case subject
    }

    /// What is wrong.
    public let kind: Kind
    /// The certificate's offending name; nil when the violation is about the constraints themselves.
    public let name: GeneralName?
    /// Where the offending name was found, when a name is at fault.
    public let source: Source?
    /// The subtree involved: the excluded subtree matched, or the invalid or unsupported one.
    public let constraint: GeneralName?

    /// A violation of `kind`, by `name` from `source`, of `constraint`.
    public init(kind: Kind, name: GeneralName? = nil, source: Source? = nil, constraint: GeneralName? = nil) {
        self.kind = kind
        self.name = name
        self.source = source
        self.constraint = constraint
    }

    /// The violation in words.
    public var description: String {
        let location = source == .subject ? " in the subject" : ""
        let nameText = name.map { "\($0)\(location)" } ?? ""
        let constraintText = constraint.map(String.init(describing:)) ?? ""
        switch kind {
        case .excluded: return "\(nameText) is in the excluded subtree \(constraintText)"
        case .notPermitted: return "\(nameText) is outside the permitted subtrees"
        case .invalidName: return "\(nameText) is not a valid name of its form"
        case .invalidConstraint: return "the subtree \(constraintText) is not a valid constraint"
        case .unsupportedNameForm: return "\(nameText) has a form whose constraints TrustCheck cannot check"
        case .unsupportedCriticalConstraint: return "critical name constraints hold the unsupported subtree \(constraintText)"
        case .certificateHasNoNames: return "the certificate has an empty subject and no subjectAltName"
        case .tooManySubtrees: return "the name constraints hold more than \(NameConstraintsChecker.appleMaximumSubtrees) subtrees"
        case .tooManyComparisons:
            return "checking the names would take more than \(NameConstraintsChecker.webpkiComparisonBudget) comparisons"
        }
    }
}
