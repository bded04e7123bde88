/// An option a subcommand accepts: a flag (`--json`) or one that takes a value (`--at TIME`).
package struct CommandOption {
    let name: String
    /// Shown in help as the value's placeholder; nil for flags.
    let valueName: String?
    let help: String
    /// May be given more than once (e.g. `--anchors A --anchors B`).
    var repeatable = false

    package static func flag(_ name: String, _ help: String) -> CommandOption {
        CommandOption(name: name, valueName: nil, help: help)
    }

    package static func value(_ name: String, _ valueName: String, _ help: String) -> CommandOption {
        CommandOption(name: name, valueName: valueName, help: help)
    }

    package static func repeatable(_ name: String, _ valueName: String, _ help: String) -> CommandOption {
        CommandOption(name: name, valueName: valueName, help: help, repeatable: true)
    }

    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

package struct ParsedArguments {
    var flags: Set<String> = []
    var values: [String: [String]] = [:]
    package var positionals: [String] = []
    var wantsHelp = false

    package func has(_ flag: String) -> Bool { flags.contains(flag) }
    package func value(_ option: String) -> String? { values[option]?.last }
    /// Every value of a repeatable option, in command-line order.
    package func allValues(_ option: String) -> [String] { values[option] ?? [] }
}

/// A deliberately small parser: long options only, `--name value` or `--name=value`, flags
/// anywhere among the operands, `--` ends options, and a lone `-` is an operand.
///
/// An unknown option is refused with the option it most likely meant (`aliases`, then `OptionAlias.common`,
/// then `NearestName`), a missing value with the value the option takes.
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [CommandOption], aliases: [OptionAlias] = [])
        throws(UsageError) -> ParsedArguments
    {
        var result = ParsedArguments()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                result.positionals.append(argument)
                continue
            }
            if argument == "--help" || argument == "-h" {
                result.wantsHelp = true
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                let suggestion = suggestion(for: name, options: options, aliases: aliases)
                throw UsageError(.unknownOption, "unknown option '\(name)'" + (suggestion.map { "; " + $0 } ?? ""),
                                 pointsToHelp: suggestion == nil)
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw UsageError(.unexpectedValue, "\(name) takes no value") }
                result.flags.insert(name)
                continue
            }
            guard option.repeatable || result.values[name] == nil else {
                throw UsageError(.repeatedOption, "\(name) is given twice; it takes one \(valueName)")
            }
            if let inlineValue {
                result.values[name, default: []].append(inlineValue)
            } else if index < arguments.count, !isOption(arguments[index]) {
                result.values[name, default: []].append(arguments[index])
                index += 1
            } else if index < arguments.count {
                // `--host --at X` forgot the host: taking "--at" as the host would silently drop --at.
                // A value that really starts with "--" can be given as --name=value.
                throw UsageError(.missingValue, "\(name) needs a value (\(option.synopsis)), not the option '\(arguments[index])'; "
                    + "write \(name)=\(valueName) for a value that starts with '-'")
            } else {
                throw UsageError(.missingValue, "\(name) needs a value: \(option.synopsis)")
            }
        }
        return result
    }

    /// What to say after "unknown option 'NAME'": `did you mean --x?`, or the advice of an alias; nil when
    /// nothing is near. The same name spelt otherwise (`-json`, `--JSON`) comes first, then the aliases
    /// (the command's, then the common ones), then a prefix or a typo (`NearestName`).
    static func suggestion(for name: String, options: [CommandOption], aliases: [OptionAlias]) -> String? {
        let names = options.map(\.name) + ["--help"]
        let typed = NearestName.normalized(name)
        if let same = names.first(where: { NearestName.normalized($0) == typed }) { return "did you mean \(same)?" }
        for alias in aliases + OptionAlias.common where alias.spellings.contains(typed) {
            switch alias.meaning {
            case .advice(let advice): return advice
            case .option(let suggestions):
                // "--tls 1.2" suggests --tls with its value.
                let known = suggestions.first { names.contains(String($0.prefix { $0 != " " })) }
                if let known { return "did you mean \(known)?" }
            }
        }
        return NearestName.nearest(to: name, among: names).map { "did you mean \($0)?" }
    }

    /// An argument that looks like an option: `-x` or `--name`; a lone `-` (standard input) and negative
    /// numbers are values.
    private static func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        return !(argument.dropFirst().first?.isNumber ?? false)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
