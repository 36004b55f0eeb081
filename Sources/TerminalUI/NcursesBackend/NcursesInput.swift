import CNcurses

/// The mouse events ncurses is asked to switch reporting on for. ncurses only writes the request
/// (SGR 1006 or X10, from terminfo); the reports are read and decoded by TerminalInputDecoder.
enum NcursesInput {
    // Button masks, as mousemask takes them.
    static let button1Pressed = UInt(cn_button1_pressed()), button1Released = UInt(cn_button1_released())
    static let button1Clicked = UInt(cn_button1_clicked())
    static let button2Pressed = UInt(cn_button2_pressed()), button2Released = UInt(cn_button2_released()), button2Clicked = UInt(cn_button2_clicked())
    static let button3Pressed = UInt(cn_button3_pressed()), button3Released = UInt(cn_button3_released()), button3Clicked = UInt(cn_button3_clicked())

    /// Only what clicks need: press, release and click for the three buttons. No motion reporting
    /// (REPORT_MOUSE_POSITION would switch on any-motion tracking and wake us for every move).
    static var mouseMask: UInt {
        button1Pressed | button1Released | button1Clicked
            | button2Pressed | button2Released | button2Clicked
            | button3Pressed | button3Released | button3Clicked
    }
}
