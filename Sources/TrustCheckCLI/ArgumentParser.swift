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

package struct UsageError: Error {
    package let message: String

    package init(message: String) { self.message = message }
}

/// A deliberately small parser: long options only, `--name value` or `--name=value`, flags
/// anywhere among the operands, `--` ends options, and a lone `-` is an operand.
enum ArgumentParser {
    static func parse(_ arguments: [String], options: [CommandOption]) throws(UsageError) -> ParsedArguments {
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
                throw UsageError(message: "unknown option '\(name)'")
            }
            guard option.valueName != nil else {
                if inlineValue != nil { throw UsageError(message: "option '\(name)' takes no value") }
                result.flags.insert(name)
                continue
            }
            guard option.repeatable || result.values[name] == nil else {
                throw UsageError(message: "option '\(name)' given twice")
            }
            if let inlineValue {
                result.values[name, default: []].append(inlineValue)
            } else if index < arguments.count, !isOption(arguments[index]) {
                result.values[name, default: []].append(arguments[index])
                index += 1
            } else if index < arguments.count {
                // `--host --at X` forgot the host: taking "--at" as the host would silently drop --at.
                // A value that really starts with "--" can be given as --name=value.
                throw UsageError(message: "option '\(name)' needs a value, not the option '\(arguments[index])' "
                    + "(write \(name)=VALUE for a value that starts with '-')")
            } else {
                throw UsageError(message: "option '\(name)' needs a value")
            }
        }
        return result
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
