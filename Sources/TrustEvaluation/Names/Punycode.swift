/// RFC 3492 Punycode encoding, so that the Public Suffix List's Unicode rules (`公司.cn`) can be
/// compared with the A-labels (`xn--55qx5d.cn`) that certificates and reference hosts carry.
/// Only encoding is needed; the rules are already lowercase NFC, so no further IDNA mapping is done.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700

    /// The A-label for one label: the label itself when it is ASCII, else `xn--` and its encoding.
    static func aLabel(_ label: Substring) -> String {
        let scalars = label.unicodeScalars.map { Int($0.value) }
        guard scalars.contains(where: { $0 >= 0x80 }) else { return String(label) }
        return "xn--" + encode(scalars)
    }

    private static func encode(_ input: [Int]) -> String {
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        if basicCount > 0 { output.append("-") }
        var n = 0x80, delta = 0, bias = 72, handled = basicCount
        while handled < input.count {
            let next = input.filter { $0 >= n }.min()!
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in input {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
