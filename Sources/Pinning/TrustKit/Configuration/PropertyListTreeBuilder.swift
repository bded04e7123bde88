import FoundationEssentials

/// Builds a `PropertyListValue` tree from a reader's events (a container begins, a key, a value, the
/// container ends) with an explicit stack, enforcing `PropertyListLimits` and refusing a key its
/// dictionary already has. Shared by the XML, binary and JSON readers so that all three count, nest and
/// detect duplicates the same way.
struct PropertyListTreeBuilder {
    /// One open container. A struct with both kinds of storage, not an enum, so that appending mutates the
    /// stack's element in place (an enum payload would be copied on every append: quadratic time).
    private struct Frame {
        let isDictionary: Bool
        /// How the parent knows this container (`key` or `[n]`), for key paths; nil for the root.
        let label: String?
        var elements: [PropertyListValue] = []
        var entries: [String: PropertyListValue] = [:]
        var pendingKey: String?
    }

    private var stack: [Frame] = []
    private var objects = 0
    /// The finished root, once its container (or the lone scalar) has ended.
    private(set) var root: PropertyListValue?

    /// How deep the open containers are (0 outside any).
    var depth: Int { stack.count }
    /// Whether the innermost open container is a dictionary.
    var inDictionary: Bool { stack.last?.isDictionary ?? false }
    /// Whether the innermost open dictionary has a key waiting for its value.
    var awaitingValue: Bool { stack.last?.pendingKey != nil }

    /// Counts one more decoded value against `PropertyListLimits.maximumObjects`.
    private mutating func count() throws(PropertyListReadError) {
        objects += 1
        guard objects <= PropertyListLimits.maximumObjects else {
            throw PropertyListReadError(.tooManyObjects,
                                        "more than \(PropertyListLimits.maximumObjects) values (the limit of a configuration)")
        }
    }

    /// The label the next value gets in its parent.
    private func nextLabel() throws(PropertyListReadError) -> String? {
        guard let top = stack.last else {
            guard root == nil else { throw PropertyListReadError(.malformed, "more than one top-level value") }
            return nil
        }
        if top.isDictionary {
            guard let key = top.pendingKey else { throw PropertyListReadError(.malformed, "a dictionary value without a key") }
            return key
        }
        return "[\(top.elements.count)]"
    }

    /// The dotted path of the open containers, then `last`.
    private func path(then last: String) -> String {
        var parts = stack.compactMap(\.label)
        parts.append(last)
        return parts.reduce("") { path, part in
            path.isEmpty || part.hasPrefix("[") ? path + part : path + "." + part
        }
    }

    /// A dictionary (or array) begins.
    mutating func begin(dictionary: Bool) throws(PropertyListReadError) {
        let label = try nextLabel()
        try count()
        guard stack.count < PropertyListLimits.maximumDepth else {
            throw PropertyListReadError(.tooDeep, "containers nested deeper than \(PropertyListLimits.maximumDepth) levels "
                + "(the limit of a configuration)")
        }
        stack.append(Frame(isDictionary: dictionary, label: label))
    }

    /// A key of the innermost dictionary; throws `.duplicateKey` when it has it already.
    mutating func key(_ key: String) throws(PropertyListReadError) {
        guard let top = stack.last, top.isDictionary else { throw PropertyListReadError(.malformed, "a key outside a dictionary") }
        guard top.pendingKey == nil else { throw PropertyListReadError(.malformed, "a key without a value (\"\(top.pendingKey!)\")") }
        if top.entries[key] != nil {
            let keyPath = path(then: key)
            throw PropertyListReadError(.duplicateKey, "the key \(keyPath) occurs more than once; keep one", keyPath: keyPath)
        }
        stack[stack.count - 1].pendingKey = key
    }

    /// A scalar value (or a finished container, from `end`).
    mutating func value(_ value: PropertyListValue) throws(PropertyListReadError) {
        _ = try nextLabel()
        try count()
        add(value)
    }

    private mutating func add(_ value: PropertyListValue) {
        guard !stack.isEmpty else {
            root = value
            return
        }
        let last = stack.count - 1
        if stack[last].isDictionary {
            let key = stack[last].pendingKey!
            stack[last].pendingKey = nil
            stack[last].entries[key] = value
        } else {
            stack[last].elements.append(value)
        }
    }

    /// The innermost container ends.
    mutating func end() throws(PropertyListReadError) {
        guard let top = stack.popLast() else { throw PropertyListReadError(.malformed, "a container ends that never began") }
        if let key = top.pendingKey { throw PropertyListReadError(.malformed, "the key \(path(then: key)) has no value") }
        add(top.isDictionary ? .dictionary(top.entries) : .array(top.elements))
    }

    /// The root, once the document is complete.
    func finish() throws(PropertyListReadError) -> PropertyListValue {
        guard stack.isEmpty, let root else {
            throw PropertyListReadError(.malformed, stack.isEmpty ? "no value" : "the document ends inside a container")
        }
        return root
    }
}
