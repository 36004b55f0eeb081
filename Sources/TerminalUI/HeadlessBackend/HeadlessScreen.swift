/// A virtual terminal: no tty, no ncurses. Frames land in `canvas`; time moves only on the
/// `VirtualClock`. Used by `--headless` and by tests, which therefore see exactly the cells a
/// real terminal would be sent.
public final class HeadlessScreen: ResizableScreen {
    public private(set) var size: Size
    public private(set) var canvas: Canvas
    /// How many frames were presented: a cheap, deterministic figure for tests.
    public private(set) var presentedFrames = 0
    /// The timeouts the run loop asked for, newest last: lets tests check its scheduling.
    public private(set) var requestedTimeouts: [Double?] = []

    private let clock: VirtualClock
    private var pending: [Event] = []

    public init(size: Size, clock: VirtualClock) {
        self.size = size
        self.clock = clock
        canvas = Canvas(size: size)
    }

    /// Queues input as if typed; a resize also changes `size` when it is delivered.
    public func enqueue(_ event: Event) { pending.append(event) }

    /// A virtual terminal resize (a key script's `resize`).
    public func resize(to newSize: Size) { size = newSize }

    public func present(_ newCanvas: Canvas) {
        canvas = newCanvas
        presentedFrames += 1
    }

    /// Pending input first; otherwise "waiting" means the virtual clock jumps by the timeout.
    /// With no input and no timeout there is nothing that could ever wake us: report the end.
    public func nextEvent(timeout: Double?) -> Event? {
        requestedTimeouts.append(timeout)
        if !pending.isEmpty {
            let event = pending.removeFirst()
            if case .resize(let newSize) = event { size = newSize }
            return event
        }
        guard let timeout else { return .terminate }
        clock.advance(by: timeout)
        return nil
    }

    public func restore() {}
}
