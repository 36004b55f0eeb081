/// A canvas kept from frame to frame, redrawn only where its items changed: the toolkit's form
/// of SwiftUI's view diffing (a view whose inputs are unchanged is not drawn again).
///
/// Each frame the app describes what it shows as items in drawing order, each with an identity,
/// a value that decides everything it draws, and a footprint (every cell its drawing may touch).
/// `update` compares them with the last frame's and redraws just enough that the canvas equals a
/// full redraw on a blank canvas (tests check this against random games):
/// - an item that appeared, left, or whose value or footprint changed damages its old and new
///   footprints; two unchanged items that swapped drawing order damage their overlap;
/// - every item overlapping the damage is drawn again in full, so its footprint joins the damage
///   (repeated until nothing new overlaps), the damage is cleared, and those items are drawn in order.
/// Frames in which nothing visible changes (equal items) cost a comparison and draw nothing.
///
/// Inlinable: the app's items are its own types, and a generic left unspecialized across the module
/// boundary looked up its type metadata at run time on every frame.
public struct RetainedCanvas<ID: Hashable, Value: Equatable, Context: Equatable> {
    public struct Item: Equatable {
        public var id: ID
        public var value: Value
        /// Every cell drawing `value` may write (including a wide glyph's neighbour it blanks).
        public var footprint: Rect
        @inlinable public init(id: ID, value: Value, footprint: Rect) {
            self.id = id
            self.value = value
            self.footprint = footprint
        }
    }

    @usableFromInline var storage = Canvas(size: .zero)
    /// The frame as drawn so far.
    @inlinable public var canvas: Canvas { storage }
    @usableFromInline var items: [Item] = []
    @usableFromInline var context: Context?

    @inlinable public init() {}

    /// The next update redraws everything (its damage is `.everything`).
    @inlinable public mutating func reset() {
        context = nil
        items = []
    }

    /// Brings the canvas to `newItems` drawn in order over a blank canvas of `size`; returns the
    /// cells that changed. A different `size` or `context` (e.g. a palette) redraws everything.
    @inlinable public mutating func update(size: Size, context newContext: Context, items newItems: [Item],
                                draw: (Value, inout Canvas) -> Void) -> Damage {
        let bounds = Rect(origin: .zero, size: size)
        var clipped = newItems
        for index in clipped.indices {
            let footprint = clipped[index].footprint
            let inside = footprint.intersection(bounds)
            if inside != footprint { clipped[index].footprint = inside }    // rare: no copy otherwise
        }
        defer {
            items = clipped
            context = newContext
        }
        guard let context, context == newContext, storage.size == size else {
            storage = Canvas(size: size)
            for item in clipped { draw(item.value, &storage) }
            return .everything
        }

        var damage = Self.changes(from: items, to: clipped)
        guard !damage.isEmpty else { return .nothing }

        // Whatever overlaps the damage is drawn again whole, so its footprint is damaged too.
        // (Items are read through a buffer pointer: enumerating them copied each one, per pass.)
        let footprints = clipped.withUnsafeBufferPointer { items in items.indices.map { items[$0].footprint } }
        var redraw = [Bool](repeating: false, count: clipped.count)
        var grew = true
        while grew {
            grew = false
            for (index, footprint) in footprints.enumerated() where !redraw[index] && !footprint.isEmpty
                && damage.contains(where: { $0.intersects(footprint) }) {
                redraw[index] = true
                damage.append(footprint)
                grew = true
            }
        }
        for rect in damage { storage.fill(rect, style: .plain) }
        clipped.withUnsafeBufferPointer { items in
            for index in items.indices where redraw[index] { draw(items[index].value, &storage) }
        }
        return Damage(rects: damage)
    }

    /// The rectangles a change from `old` to `new` touches (before growing to whole items).
    @inlinable static func changes(from old: [Item], to new: [Item]) -> [Rect] {
        // Most frames keep every item in its place: compare pairwise, no tables.
        // (Through buffer pointers: elements are compared where they lie, never copied.)
        if old.count == new.count {
            let positional: [Rect]? = old.withUnsafeBufferPointer { old in
                new.withUnsafeBufferPointer { new in
                    for index in new.indices where old[index].id != new[index].id { return nil }
                    var damage: [Rect] = []
                    for index in new.indices where old[index].value != new[index].value || old[index].footprint != new[index].footprint {
                        if !old[index].footprint.isEmpty { damage.append(old[index].footprint) }
                        if !new[index].footprint.isEmpty { damage.append(new[index].footprint) }
                    }
                    return damage
                }
            }
            if let positional { return positional }
        }
        var oldByID: [ID: (position: Int, item: Item)] = [:]
        for (position, item) in old.enumerated() { oldByID[item.id] = (position, item) }
        var damage: [Rect] = []
        var unchanged: [(oldPosition: Int, item: Item)] = []
        var seen = Set<ID>()
        for item in new {
            seen.insert(item.id)
            if let previous = oldByID[item.id] {
                if previous.item == item {
                    unchanged.append((previous.position, item))
                } else {
                    damage.append(previous.item.footprint)
                    damage.append(item.footprint)
                }
            } else {
                damage.append(item.footprint)
            }
        }
        for item in old where !seen.contains(item.id) { damage.append(item.footprint) }
        // Unchanged items now drawn in another order: only where they overlap can that show.
        for i in unchanged.indices {
            for j in unchanged.indices where j > i && unchanged[j].oldPosition < unchanged[i].oldPosition {
                let overlap = unchanged[i].item.footprint.intersection(unchanged[j].item.footprint)
                if !overlap.isEmpty { damage.append(overlap) }
            }
        }
        return damage.filter { !$0.isEmpty }
    }
}
