import TerminalUI

/// Lecture 8's `CardView`, line for line: the pie counting the bonus down behind the emoji, the
/// emoji spinning once matched, all of it made a card by `.cardify(isFaceUp:)`. What a terminal
/// card needs beside (palette, ASCII face, focus, where it lies) is its `look`.
struct CardView: View, Equatable {
    let card: EmojiMemoryGame.Card
    let look: CardLook

    /// Lecture 8: the pie's own countdown. `onAppear` sets it to the bonus left and then, in a
    /// `withAnimation(.linear(duration:))` transaction, to 0: the runtime animates the Pie's
    /// angles between the two (ViewGraph.stateWillChange), no track declared by hand.
    @State private var animatedBonusRemaining: Double = 0

    var body: some View {
        GeometryReader { geometry in
            ZStack {
                Group {
                    if card.isConsumingBonusTime && !look.reducesMotion {
                        Pie(startAngle: Angle(degrees: 0-90), endAngle: Angle(degrees: (1-animatedBonusRemaining)*360-90))
                            .glyphs(look.pieGlyphs).fill(look.palette.pieInk)
                            .onAppear {
                                animatedBonusRemaining = card.bonusRemaining
                                withAnimation(.linear(duration: card.bonusTimeRemaining)) {
                                    animatedBonusRemaining = 0
                                }
                            }
                    } else {
                        Pie(startAngle: Angle(degrees: 0-90), endAngle: Angle(degrees: (1-stillBonusRemaining)*360-90))
                            .glyphs(look.pieGlyphs).fill(look.palette.pieInk)
                            .animation(nil, value: stillBonusRemaining)     // ours: a still pie jumps (a restart)
                    }
                }
                .padding(DrawingConstants.piePadding)
                .opacity(card.isMatched ? 0 : 0.5)      // ours: a matched card's pie is gone
                Text(look.content).style(look.palette.faceFill)
                    // The terminal's stand-in for a spinning glyph: a light running round the border.
                    .rotationEffect(Angle(degrees: card.isMatched ? 360 : 0), light: card.isFaceUp ? look.palette.spinHighlight : nil,
                                    trail: DrawingConstants.spinLength)
                    .animation(Animation.linear(duration: 1).repeatForever(autoreverses: false), value: card.isMatched)
                    .font(font(in: geometry.size))
            }
            .cardify(isFaceUp: card.isFaceUp, look: look)
        }
    }

    /// The pie while its bonus is not being consumed; under reduced motion, whole seconds of it.
    private var stillBonusRemaining: Double {
        guard look.reducesMotion, card.isConsumingBonusTime else { return card.bonusRemaining }
        return card.bonusTimeRemaining.rounded(.up) / card.bonusTimeLimit
    }

    /// Lecture 8's: the font that fits the card. A terminal has one glyph size: the emoji is drawn
    /// where it fits whole (`.font`), not on a card with no room at all.
    private func font(in size: Size) -> Font {
        Font.system(size: Double(min(size.width, size.height)) * DrawingConstants.fontScale)
    }
}
