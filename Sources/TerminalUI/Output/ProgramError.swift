/// An error whose message names the program that met it. The toolkit knows no program: the app
/// supplies its name where it prints (`message(program:)`); `description` says "the program".
public protocol ProgramError: Error, CustomStringConvertible {
    func message(program: String) -> String
}

extension ProgramError {
    public var description: String { message(program: "the program") }
}
