import Primitives
import Testing

/// The values every layer shares: each has one definition, so each is tested once, here.
@Suite struct CodePointsTests {
    @Test func namesEachScalarWithAtLeastFourHexDigits() {
        #expect(CodePoints.describe("\u{7}") == "U+0007")
        #expect(CodePoints.describe("❤️") == "U+2764 U+FE0F")
        #expect(CodePoints.describe("👻") == "U+1F47B")
    }
}

@Suite struct ControlCharactersTests {
    @Test func holdsWhatATerminalObeysAndNothingItShows() {
        for scalar: Unicode.Scalar in ["\u{0}", "\u{1B}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}"] {
            #expect(ControlCharacters.contains(scalar), "\(CodePoints.describe(scalar))")
        }
        for scalar: Unicode.Scalar in [" ", "a", "é", "\u{A0}", "👻", "\u{200D}", "\u{FE0F}"] {
            #expect(!ControlCharacters.contains(scalar), "\(CodePoints.describe(scalar))")
        }
    }
}

@Suite struct RGBTests {
    @Test func readsAndWritesHexInEitherCase() {
        #expect(RGB(hex: "#FF8000") == RGB(255, 128, 0))
        #expect(RGB(hex: "#ff8000")?.hex == "#ff8000")
        for bad in ["", "#", "ff8000", "#ff800", "#ff80000", "#gg8000", "#ff 800"] {
            #expect(RGB(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func mixesRoundingHalfUp() {
        let black = RGB(0, 0, 0), white = RGB(255, 255, 255)
        #expect(black.mixed(with: white, fraction: 1, of: 2) == RGB(128, 128, 128))
        #expect(black.mixed(with: white, fraction: 0, of: 2) == black)
        #expect(black.mixed(with: white, fraction: 2, of: 2) == white)
    }
}

@Suite struct ProcessEnvironmentTests {
    @Test func aLiteralKeepsTheFirstValueOfANameAndLooksNamesUp() {
        let variables: ProcessEnvironment.Variables = ["HOME": "/home/ada", "LANG": "C.UTF-8", "HOME": "/root"]
        #expect(variables["HOME"] == "/home/ada")
        #expect(variables["LANG"] == "C.UTF-8")
        #expect(variables["TERM"] == nil)
    }

    @Test func readsOnlyTheNamedVariablesThatAreSet() {
        #expect(ProcessEnvironment.variable("PATH") != nil)
        let variables = ProcessEnvironment.variables(named: ["PATH", "MEMORIZE_SURELY_UNSET_VARIABLE"])
        #expect(variables["PATH"] == ProcessEnvironment.variable("PATH"))
        #expect(variables["MEMORIZE_SURELY_UNSET_VARIABLE"] == nil)
    }
}
