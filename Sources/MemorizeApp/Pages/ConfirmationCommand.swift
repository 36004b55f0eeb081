/// A yes/no question (deleting a theme); any other key says no.
enum ConfirmationCommand: Equatable, Sendable { case confirm, cancel, quit }
