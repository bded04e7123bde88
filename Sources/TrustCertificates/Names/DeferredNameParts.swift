import Synchronization

/// A Name's attributes and text, made on first use. Path building only ever compares names (by their
/// normalised key, made at parse), so a certificate's names are usually never taken apart further:
/// deferring both saves most of a Name's parse (and its allocations) for every certificate seen.
final class DeferredNameParts: Sendable {
    /// Where the RFC 4514 text comes from when it is first asked for.
    enum TextSource: Sendable {
        /// GnuTLS's rendering of the DER (a certificate's names), TrustCheck's own if GnuTLS cannot.
        case gnutls
        /// TrustCheck's own rendering of the attributes (names GnuTLS has no getter for).
        case attributes
    }

    let textSource: TextSource
    // Two threads may both make a part the first time; they make the same value, and the first stored
    // is kept, so readers always see one answer.
    private let rdns = Mutex<[[DistinguishedName.Attribute]]?>(nil)
    private let text: Mutex<String?>

    init(textSource: TextSource) {
        self.textSource = textSource
        text = Mutex(nil)
    }

    /// Parts whose text is already known.
    init(text: String) {
        textSource = .attributes
        self.text = Mutex(text)
    }

    func rdns(_ make: () -> [[DistinguishedName.Attribute]]) -> [[DistinguishedName.Attribute]] { Self.value(in: rdns, make) }

    func text(_ make: () -> String) -> String { Self.value(in: text, make) }

    private static func value<Value: Sendable>(in slot: borrowing Mutex<Value?>, _ make: () -> Value) -> Value {
        if let made = slot.withLock({ $0 }) { return made }
        let made = make()
        return slot.withLock { stored in
            if let stored { return stored }
            stored = made
            return made
        }
    }
}
