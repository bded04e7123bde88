import FoundationEssentials

/// Reads a binary property list (`bplist00`, CFBinaryPList's format) into a `PropertyListValue` with an
/// explicit stack, checking everything the file claims before using it:
///
/// * the trailer: offset and reference sizes of 1, 2, 4 or 8 bytes; an object count no larger than the
///   file (every object takes at least a byte); a top object inside the table; an offset table that lies
///   between the header and the trailer (all arithmetic overflow-checked);
/// * every object's offset (between the header and the offset table), every length and every object
///   reference (inside the object table);
/// * cycles: a container that is its own ancestor is refused (`.invalidReference`) the moment its
///   reference is met, so a self-referencing file fails at once instead of recursing until the stack ends;
/// * shared references: an object referenced from several places is decoded at each (as Apple's reader
///   does), and every decoded node counts against `PropertyListLimits.maximumObjects`, so a file whose
///   objects each reference their child twice stops there instead of expanding to 2^n nodes; nesting is
///   bounded by `PropertyListLimits.maximumDepth`;
/// * a key twice in one dictionary is refused (`.duplicateKey`);
/// * each scalar object (a string, data…) is decoded once however often it is referenced, so a long string
///   referenced from 100,000 places costs its bytes once.
///
/// Object types read: null (`0x00`), booleans, integers of 1, 2, 4 and 8 bytes (1–4 unsigned, 8 signed,
/// as CoreFoundation writes them) and of 16 bytes when the value fits in `Int64` (otherwise
/// `.integerOutOfRange`), reals of 4 and 8 bytes, dates, data, ASCII strings (bytes above 0x7F refused),
/// UTF-16BE strings (unpaired surrogates refused), arrays and dictionaries whose keys are strings. UIDs
/// (`NSKeyedArchiver` only) and sets (never written by CoreFoundation's property list writer) are refused
/// with `.unsupported`: no configuration contains them.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTable: Int

    /// One open container: its object, where its references start, how many, and how far it has got.
    private struct Frame {
        let object: Int
        let references: Int
        let count: Int
        let isDictionary: Bool
        var next = 0
    }

    private init(bytes: [UInt8], offsetSize: Int, referenceSize: Int, objectCount: Int, offsetTable: Int) {
        self.bytes = bytes
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        self.offsetTable = offsetTable
    }

    /// The root value of a `bplist00` document.
    static func read(_ data: Data) throws(PropertyListReadError) -> PropertyListValue {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw PropertyListReadError(.unsupported, "a binary property list of a version other than bplist00")
        }
        guard bytes.count >= 8 + 1 + 32 else { throw PropertyListReadError(.malformed, "a binary property list too short for its trailer") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6]), referenceSize = Int(bytes[trailer + 7])
        guard [1, 2, 4, 8].contains(offsetSize), [1, 2, 4, 8].contains(referenceSize) else {
            throw PropertyListReadError(.malformed, "binary trailer: offset size \(offsetSize) or reference size \(referenceSize) "
                + "is not 1, 2, 4 or 8")
        }
        let count = unsigned(bytes, at: trailer + 8, size: 8)
        let top = unsigned(bytes, at: trailer + 16, size: 8)
        let table = unsigned(bytes, at: trailer + 24, size: 8)
        guard count >= 1, count <= UInt64(bytes.count), top < count, table >= 9, table <= UInt64(trailer) else {
            throw PropertyListReadError(.invalidReference, "binary trailer: \(count) objects, top object \(top), offset table at "
                + "\(table) do not fit a \(bytes.count)-byte file")
        }
        let (tableSize, overflow) = Int(count).multipliedReportingOverflow(by: offsetSize)
        guard !overflow, Int(table) + tableSize <= trailer else {
            throw PropertyListReadError(.invalidReference, "binary trailer: the offset table of \(count) objects runs past the trailer")
        }
        if referenceSize < 8 && count > UInt64(1) << (8 * UInt64(referenceSize)) {
            throw PropertyListReadError(.invalidReference, "binary trailer: \(count) objects cannot be referenced in \(referenceSize) bytes")
        }
        let reader = BinaryPropertyListReader(bytes: bytes, offsetSize: offsetSize, referenceSize: referenceSize,
                                              objectCount: Int(count), offsetTable: Int(table))
        return try reader.tree(from: Int(top))
    }

    /// A big-endian unsigned integer; the caller has checked the bounds.
    private static func unsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    // MARK: Tree

    private func tree(from top: Int) throws(PropertyListReadError) -> PropertyListValue {
        var builder = PropertyListTreeBuilder()
        var stack: [Frame] = []
        // Each scalar object is decoded once and its value shared wherever it is referenced (String and
        // Data share storage), so decoded bytes stay within the file's size however often a long string
        // is referenced.
        var scalars: [Int: PropertyListValue] = [:]
        try visit(top, into: &builder, stack: &stack, scalars: &scalars)
        while var frame = stack.popLast() {
            guard frame.next < frame.count else {
                try builder.end()
                continue
            }
            let index = frame.next
            frame.next += 1
            stack.append(frame)
            if frame.isDictionary {
                let key = try reference(at: frame.references + index * referenceSize)
                guard case .string(let name) = try cachedScalar(key, in: &scalars) else {
                    throw PropertyListReadError(.malformed, "binary object \(frame.object): a dictionary key that is not a string")
                }
                try builder.key(name)
            }
            let value = try reference(at: frame.references + ((frame.isDictionary ? frame.count : 0) + index) * referenceSize)
            try visit(value, into: &builder, stack: &stack, scalars: &scalars)
        }
        return try builder.finish()
    }

    /// Decodes object `object`: a scalar is added, a container is opened and pushed.
    private func visit(_ object: Int, into builder: inout PropertyListTreeBuilder, stack: inout [Frame],
                       scalars: inout [Int: PropertyListValue]) throws(PropertyListReadError)
    {
        let offset = try offset(of: object)
        let marker = bytes[offset]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xD else {
            try builder.value(try cachedScalar(object, in: &scalars))
            return
        }
        if stack.contains(where: { $0.object == object }) {
            throw PropertyListReadError(.invalidReference, "binary object \(object) contains itself (a reference cycle)")
        }
        let (count, start) = try length(marker, at: offset, object: object)
        let references = kind == 0xD ? count * 2 : count
        let (size, overflow) = references.multipliedReportingOverflow(by: referenceSize)
        guard !overflow, start + size <= offsetTable else {
            throw PropertyListReadError(.invalidReference, "binary object \(object): \(count) references run past the object table")
        }
        try builder.begin(dictionary: kind == 0xD)
        stack.append(Frame(object: object, references: start, count: count, isDictionary: kind == 0xD))
    }

    /// `scalar(object)`, decoded the first time only.
    private func cachedScalar(_ object: Int, in scalars: inout [Int: PropertyListValue]) throws(PropertyListReadError)
        -> PropertyListValue
    {
        if let value = scalars[object] { return value }
        let value = try scalar(object)
        scalars[object] = value
        return value
    }

    /// The object a reference at `position` names, checked against the object count.
    private func reference(at position: Int) throws(PropertyListReadError) -> Int {
        let value = Self.unsigned(bytes, at: position, size: referenceSize)
        guard value < UInt64(objectCount) else {
            throw PropertyListReadError(.invalidReference, "binary reference to object \(value), of \(objectCount)")
        }
        return Int(value)
    }

    /// Where object `object` starts, checked to lie between the header and the offset table.
    private func offset(of object: Int) throws(PropertyListReadError) -> Int {
        let value = Self.unsigned(bytes, at: offsetTable + object * offsetSize, size: offsetSize)
        guard value >= 8, value < UInt64(offsetTable) else {
            throw PropertyListReadError(.invalidReference, "binary object \(object) at offset \(value), outside the object table")
        }
        return Int(value)
    }

    /// A marker's length (its low nibble, or the integer object after it when that is 0xF) and where the
    /// content starts.
    private func length(_ marker: UInt8, at offset: Int, object: Int) throws(PropertyListReadError) -> (Int, Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        guard offset + 2 <= offsetTable, bytes[offset + 1] >> 4 == 0x1, bytes[offset + 1] & 0x0F <= 3 else {
            throw PropertyListReadError(.malformed, "binary object \(object): a bad length")
        }
        let size = 1 << Int(bytes[offset + 1] & 0x0F)
        guard offset + 2 + size <= offsetTable else {
            throw PropertyListReadError(.invalidReference, "binary object \(object): its length runs past the object table")
        }
        let value = Self.unsigned(bytes, at: offset + 2, size: size)
        guard value <= UInt64(offsetTable) else {
            throw PropertyListReadError(.invalidReference, "binary object \(object): a length of \(value) runs past the object table")
        }
        return (Int(value), offset + 2 + size)
    }

    /// Object `object`'s scalar value; a container here is an error (keys must be strings).
    private func scalar(_ object: Int) throws(PropertyListReadError) -> PropertyListValue {
        let offset = try offset(of: object)
        let marker = bytes[offset]
        func content(_ size: Int, from start: Int) throws(PropertyListReadError) -> ArraySlice<UInt8> {
            guard size <= offsetTable - start else {
                throw PropertyListReadError(.invalidReference, "binary object \(object) runs past the object table")
            }
            return bytes[start..<(start + size)]
        }
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw PropertyListReadError(.malformed, "binary object \(object): unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw PropertyListReadError(.malformed, "binary object \(object): an integer of \(size) bytes") }
            let digits = try content(size, from: offset + 1)
            if size == 16 {
                let high = Self.unsigned(bytes, at: digits.startIndex, size: 8)
                let low = Self.unsigned(bytes, at: digits.startIndex + 8, size: 8)
                guard high == 0 && low <= UInt64(Int64.max) || high == UInt64.max && low > UInt64(Int64.max) else {
                    throw PropertyListReadError(.integerOutOfRange, "binary object \(object): an integer that does not fit in 64 bits")
                }
                return .integer(Int(Int64(bitPattern: low)))
            }
            let value = Self.unsigned(bytes, at: digits.startIndex, size: size)
            return .integer(size == 8 ? Int(Int64(bitPattern: value)) : Int(value))
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            guard size == 4 || size == 8 else { throw PropertyListReadError(.malformed, "binary object \(object): a real of \(size) bytes") }
            let digits = try content(size, from: offset + 1)
            let value = Self.unsigned(bytes, at: digits.startIndex, size: size)
            return .real(size == 4 ? Double(Float(bitPattern: UInt32(value))) : Double(bitPattern: value))
        case 0x3:
            guard marker == 0x33 else { throw PropertyListReadError(.malformed, "binary object \(object): a bad date marker") }
            let digits = try content(8, from: offset + 1)
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: Self.unsigned(bytes, at: digits.startIndex, size: 8))))
        case 0x4:
            let (count, start) = try length(marker, at: offset, object: object)
            return .data(Data(try content(count, from: start)))
        case 0x5:
            let (count, start) = try length(marker, at: offset, object: object)
            let text = try content(count, from: start)
            guard text.allSatisfy({ $0 < 0x80 }) else {
                throw PropertyListReadError(.malformed, "binary object \(object): an ASCII string with a byte above 0x7F")
            }
            return .string(String(decoding: text, as: UTF8.self))
        case 0x6:
            let (count, start) = try length(marker, at: offset, object: object)
            let (size, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw PropertyListReadError(.invalidReference, "binary object \(object): a bad length") }
            let text = try content(size, from: start)
            let units = stride(from: text.startIndex, to: text.endIndex, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            guard !transcode(units.makeIterator(), from: UTF16.self, to: UTF32.self, stoppingOnError: true, into: { _ in }) else {
                throw PropertyListReadError(.malformed, "binary object \(object): a UTF-16 string with an unpaired surrogate")
            }
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            throw PropertyListReadError(.unsupported, "binary object \(object): a UID (NSKeyedArchiver's), not a configuration value")
        case 0xB, 0xC:
            throw PropertyListReadError(.unsupported, "binary object \(object): a set, not a configuration value")
        case 0xA, 0xD:
            throw PropertyListReadError(.malformed, "binary object \(object): a container where a string key is expected")
        default:
            throw PropertyListReadError(.malformed, "binary object \(object): unknown marker 0x\(String(marker, radix: 16))")
        }
    }
}
