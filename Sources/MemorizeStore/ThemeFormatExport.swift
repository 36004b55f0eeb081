// The store's API includes the formats it reads: code that imports MemorizeStore keeps JSONValue,
// ThemeLibrary.decode and ThemeFileError without naming the target below that holds them.
@_exported import ThemeFormat
