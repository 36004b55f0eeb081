import Primitives

/// A theme's colour, written `"#rrggbb"` in theme files: the shared RGB value (Primitives), so
/// the model, the store and the terminal toolkit speak of one colour type.
public typealias RGBColor = RGB
