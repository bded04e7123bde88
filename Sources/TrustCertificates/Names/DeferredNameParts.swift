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
    // Each part made at most once (`Mutex.computedOnce`); the text of a name GnuTLS cannot render is
    // made from `rdns`, a slot of its own.
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

    func rdns(_ make: () -> [[DistinguishedName.Attribute]]) -> [[DistinguishedName.Attribute]] { rdns.computedOnce(make) }

    func text(_ make: () -> String) -> String { text.computedOnce(make) }
}
