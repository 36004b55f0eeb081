import TerminalUI

extension Pie {
    /// Lecture 8's bonus-time pie: `Pie(startAngle: 0-90, endAngle: (1-remaining)*360-90)`, so the
    /// `remaining` fraction (0…1) is filled and the elapsed part is eaten clockwise from 12 o'clock.
    static func bonus(remaining: Double) -> Pie {
        Pie(startAngle: -90, endAngle: (1 - remaining) * 360 - 90, clockwise: true)
    }

    /// The bonus fraction this pie shows (the inverse of `bonus(remaining:)`): the inspector and
    /// tests read the presented pie as the lecture's `animatedBonusRemaining`.
    var bonusRemaining: Double { 1 - (endAngle + 90) / 360 }
}
