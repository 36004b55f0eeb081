#!/usr/bin/env python3
"""Lecture side by side: how much of the lecture's code our code carries (issue 36).

Issue 36 asked for two figures that any session can measure again, rather than take on trust:

1. Constructs side by side: the lecture's final listings of EmojiMemoryGameView, CardView and
   Cardify (lecture 8's notes) against our files of the same name (EmojiMemoryGameView's with
   GamePage.swift, which keeps its state and intents). Each construct the listing
   uses is a label and a regular expression below, chosen by reading those listings; it counts
   as found when it matches in our file's code (comments stripped).
2. Code names declared: the type, property, function and case names the notes' Swift code
   declares (every notes file in the reference directory, lectures 3-8), and whether our
   Sources/ declare a name of that spelling anywhere.

Python 3 standard library only; reads, never writes.

    scripts/lecture-side-by-side.py [--sources DIR] [--reference DIR] [--verbose]

Exit 0 with the report; exit 2 when the reference directory (the notes) or Sources/ is missing.
"""

import argparse
import glob
import os
import re
import sys

# ---------------------------------------------------------------------------------------------
# 1. Constructs: the lecture's final listings, construct by construct.
#
# "Final" is the state the notes leave each listing in (reference file 003, lecture 8):
# - EmojiMemoryGameView: the last whole listing (the one with CardConstants and the deck, notes
#   lines ~640-720) with the later fragments applied on top, as the notes apply them: the deck's
#   onTapGesture that deals, @Namespace dealingNamespace and .matchedGeometryEffect on both ends,
#   the .asymmetric transitions changed to .identity, dealAnimation(for:), .zIndex(zIndex(of:)),
#   restartButton, and the body as ZStack(alignment: .bottom) { VStack { gameBody, HStack {
#   restartButton, Spacer(), shuffleButton } } deckBody }.
# - CardView: the whole listing (GeometryReader, the spinning Text, .font(font(in:)), .cardify)
#   with the pie fragments after it applied: @State animatedBonusRemaining, the Group over two
#   Pies chosen by isConsumingBonusTime, and .onAppear starting withAnimation(.linear(duration:)).
#   The notes' CardView sizes its emoji with .font(font(in: geometry.size)); it has no
#   .scaleEffect, so .scaleEffect is not on the list.
# - Cardify: the whole "import SwiftUI" listing (Animatable, rotation, animatableData, DrawingConstants).
#
# The issue counted "EmojiMemoryGameView 30, CardView 16, Cardify 9 = 55". These lists are
# somewhat longer (see the counts printed) because, read line by line, the final listings use
# more than that: the view's listing also has @ViewBuilder, .frame and .foregroundColor, both
# asymmetric transitions (the table's and the deck's), undealtWidth and undealtHeight; the
# card's has the Group, the pie's bonus fields and DrawingConstants.fontScale; Cardify's has
# its DrawingConstants, the 90° test and the shape's fill and strokeBorder. Nothing is listed
# that the notes' final listings do not use.
#
# A listing is looked for in our file of its name, plus the files that carry the rest of it: the
# lecture's EmojiMemoryGameView is our EmojiMemoryGameView.swift (the view struct: body, gameBody,
# cardView(for:), deckBody, CardConstants) and GamePage.swift (its @State dealt and its intents,
# dealAnimation(for:), withAnimation: what a terminal app keeps outside a value view).
# ---------------------------------------------------------------------------------------------

CONSTRUCTS = {
    ("Sources/MemorizeApp/Game/EmojiMemoryGameView.swift", "Sources/MemorizeApp/Game/GamePage.swift"): {
        "@ObservedObject": r"@ObservedObject\b",
        "@State": r"@State\b",
        "@Namespace": r"@Namespace\b",
        "@ViewBuilder": r"@ViewBuilder\b",
        "dealt": r"\bdealt\b",
        "dealingNamespace": r"\bdealingNamespace\b",
        "deal(_:)": r"(?<![\w.])deal\(\s*(?:_\s+)?\w",
        "isUndealt": r"\bisUndealt\b",
        "ZStack(alignment: .bottom)": r"\bZStack\s*\(\s*alignment:\s*\.bottom\b",
        "VStack": r"\bVStack\b",
        "HStack": r"\bHStack\b",
        "Spacer()": r"\bSpacer\s*\(",
        "gameBody": r"\bgameBody\b",
        "deckBody": r"\bdeckBody\b",
        "shuffleButton": r"\bshuffleButton\b",
        "restartButton": r"\brestartButton\b",
        "AspectVGrid": r"\bAspectVGrid\b",
        "cardView(for:)": r"\bcardView\(\s*for:",
        "ForEach": r"\bForEach\b",
        ".matchedGeometryEffect": r"\.matchedGeometryEffect\s*\(",
        ".transition": r"\.transition\s*\(",
        "AnyTransition.asymmetric": r"\.asymmetric\s*\(",
        "asymmetric(insertion: .identity, removal: .opacity)":
            r"\.asymmetric\s*\(\s*insertion:\s*\.identity\s*,\s*removal:\s*\.opacity\b",
        "asymmetric(insertion: .opacity, removal: .identity)":
            r"\.asymmetric\s*\(\s*insertion:\s*\.opacity\s*,\s*removal:\s*\.identity\b",
        ".zIndex": r"\.zIndex\s*\(",
        "zIndex(of:)": r"\bzIndex\(\s*of:",
        ".onTapGesture": r"\.onTapGesture\b",
        "withAnimation": r"\bwithAnimation\b",
        "dealAnimation(for:)": r"\bdealAnimation\(\s*for:",
        "CardConstants": r"\bCardConstants\b",
        "undealtWidth": r"\bundealtWidth\b",
        "undealtHeight": r"\bundealtHeight\b",
        ".frame": r"\.frame\s*\(",
        ".padding": r"\.padding\s*\(",
        ".foregroundColor": r"\.foregroundColor\s*\(",
    },
    "Sources/MemorizeApp/Cards/CardView.swift": {
        "@State": r"@State\b",
        "animatedBonusRemaining": r"\banimatedBonusRemaining\b",
        "GeometryReader": r"\bGeometryReader\b",
        "ZStack": r"\bZStack\b",
        "Group": r"\bGroup\b",
        "isConsumingBonusTime": r"\bisConsumingBonusTime\b",
        "Pie(startAngle:endAngle:)": r"\bPie\s*\(\s*startAngle:[^\n]*endAngle:",
        "bonusTimeRemaining": r"\bbonusTimeRemaining\b",
        ".onAppear": r"\.onAppear\b",
        "withAnimation(.linear(duration:))": r"\bwithAnimation\s*\(\s*(?:Animation)?\.linear\s*\(\s*duration:",
        ".padding": r"\.padding\s*\(",
        ".opacity": r"\.opacity\s*\(",
        "Text": r"\bText\s*\(",
        ".rotationEffect": r"\.rotationEffect\s*\(",
        ".animation(…repeatForever(autoreverses: false), value:)":
            r"\.animation\s*\([^\n]*\.repeatForever\s*\(\s*autoreverses:\s*false\s*\)\s*,\s*value:",
        ".font": r"\.font\s*\(",
        "font(in:)": r"\bfont\(\s*in:",
        "DrawingConstants.fontScale": r"\bDrawingConstants\.fontScale\b",
        ".cardify(isFaceUp:)": r"\.cardify\s*\(\s*isFaceUp:",
    },
    "Sources/MemorizeApp/Cards/Cardify.swift": {
        "ViewModifier": r"\bViewModifier\b",
        "Animatable": r"\bAnimatable\b",
        "rotation": r"\bvar\s+rotation\b",
        "animatableData get/set": r"\bvar\s+animatableData\b[^{]*\{\s*get\b[^}]*\}\s*set\b",
        "init(isFaceUp:)": r"\binit\s*\(\s*isFaceUp:",
        "rotation = isFaceUp ? 0 : 180": r"\brotation\s*=\s*isFaceUp\s*\?\s*0\s*:\s*180\b",
        "body(content:)": r"\bfunc\s+body\s*\(\s*content:",
        "ZStack": r"\bZStack\b",
        "RoundedRectangle(cornerRadius:)": r"\bRoundedRectangle\s*\(\s*cornerRadius:",
        "rotation < 90": r"\brotation\s*<\s*90\b",
        ".fill": r"\.fill\s*\(",
        ".strokeBorder": r"\.strokeBorder\s*\(",
        "content.opacity": r"\bcontent\b[^\n]*\.opacity\s*\(",
        ".rotation3DEffect(…axis: (x: 0, y: 1, z: 0))":
            r"\.rotation3DEffect\s*\([^\n]*axis:\s*\(\s*x:\s*0\s*,\s*y:\s*1\s*,\s*z:\s*0\s*\)",
        "DrawingConstants.cornerRadius": r"\bDrawingConstants\.cornerRadius\b",
        "DrawingConstants.lineWidth": r"\bDrawingConstants\.lineWidth\b",
    },
}

# ---------------------------------------------------------------------------------------------
# 2. Code names the notes declare.
#
# Counted: every name a declaration in the notes' Swift code introduces at file or type level
# (struct, class, enum, protocol, func, var, let, case, typealias, associatedtype), including the
# SwiftUI declarations the notes quote (ViewModifier, Shape, GeometryReader, Capsule,
# AnyTransition's scale/opacity/...): this project re-creates that runtime, so they are fair
# names to look for. Plus the property wrappers the notes' code applies (@State, ...).
# Not counted:
# - locals: names declared inside a function, closure or accessor body (center, radius, p,
#   shape, delay, ...); the notes' fragments are scoped by their braces to tell;
# - init, and body: every View and ViewModifier declares a body, so finding one says nothing;
# - attributes that are not property wrappers: @ViewBuilder (a result builder), @escaping,
#   @available, @frozen, @inlinable;
# - tutorial scaffolding that is no part of Memorize: ContentView (the rotation3DEffect demo and
#   the Shape tutorial's), ContentView_Previews, MyCircle, and their members.
# Spelling slips in the notes are read as the name the notes mean (ALIASES).
# A function is named with its argument labels, font(in:), and counts as declared when our
# Sources declare a function of that name whose labels begin with those (trailing parameters of
# ours allowed). Any other name counts when declared anywhere in Sources/ under that spelling,
# in whatever type: common names (card, game, color, style) are found easily.
# ---------------------------------------------------------------------------------------------

EXCLUDED_NAMES = {"init", "body"}
SCAFFOLDING_TYPES = {"ContentView", "ContentView_Previews", "MyCircle"}
PROPERTY_WRAPPERS = {"State", "ObservedObject", "Namespace", "Published", "StateObject",
                     "EnvironmentObject", "Environment", "Binding"}
ALIASES = {
    "dealingNameSpace": "dealingNamespace",   # declared so once, used as dealingNamespace
    "underltWidth": "undealtWidth",           # the notes' typo throughout CardConstants
    "Publishsed": "Published",                # @Publishsed var model
    "EmojiGameView": "EmojiMemoryGameView",   # the lecture 3-4 notes' name for the game view
    "front(ofCard:)": "front(of:)",           # the Spanish notes' copy of front(of card:)
}

DECL_KINDS = ("struct", "class", "enum", "protocol", "func", "var", "let", "case", "typealias",
              "associatedtype")
MODIFIERS = (r"(?:(?:private\(set\)|fileprivate\(set\)|private|fileprivate|public|internal|open|"
             r"static|class|mutating|nonmutating|final|override|lazy|weak|unowned|indirect)\s+)*")
# A declaration at the start of a notes line (notes prose never starts with a lowercase keyword).
NOTES_DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*" + MODIFIERS +
                        r"(struct|class|enum|protocol|func|var|let|case|typealias|associatedtype)"
                        r"\s+(\w+)", re.IGNORECASE)
TYPE_OPENER = re.compile(r"\b(struct|class|enum|protocol|extension)\b")

SWIFT_KEYWORDS_AT_LINE_START = {
    "struct", "class", "enum", "protocol", "extension", "func", "var", "let", "case", "typealias",
    "associatedtype", "import", "if", "else", "for", "return", "private", "public", "static",
    "init", "mutating", "fileprivate", "internal", "guard", "switch", "while",
}


def strip_swift_comments(source):
    """Source with // and /* */ comments blanked (newlines kept); string literals, with their
    interpolations, are left alone, so a // inside a string is not a comment."""
    out = []
    i, n = 0, len(source)
    # Contexts: ("code", paren_depth_or_None) and ("string", is_multiline).
    stack = [("code", None)]
    while i < n:
        kind, info = stack[-1]
        c = source[i]
        if kind == "code":
            if source.startswith("//", i):
                j = source.find("\n", i)
                i = n if j < 0 else j
                continue
            if source.startswith("/*", i):
                depth, i = 1, i + 2
                while i < n and depth:
                    if source.startswith("/*", i):
                        depth, i = depth + 1, i + 2
                    elif source.startswith("*/", i):
                        depth, i = depth - 1, i + 2
                    else:
                        if source[i] == "\n":
                            out.append("\n")
                        i += 1
                out.append(" ")
                continue
            if source.startswith('"""', i):
                stack.append(("string", True))
                out.append('"""')
                i += 3
                continue
            if c == '"':
                stack.append(("string", False))
                out.append(c)
                i += 1
                continue
            if info is not None:            # inside a string interpolation \( ... )
                if c == "(":
                    stack[-1] = ("code", info + 1)
                elif c == ")":
                    if info == 0:
                        stack.pop()
                        out.append(c)
                        i += 1
                        continue
                    stack[-1] = ("code", info - 1)
            out.append(c)
            i += 1
        else:                               # string
            if c == "\\" and i + 1 < n:
                if source[i + 1] == "(":
                    out.append("\\(")
                    i += 2
                    stack.append(("code", 0))
                    continue
                out.append(source[i:i + 2])
                i += 2
                continue
            if info and source.startswith('"""', i):
                stack.pop()
                out.append('"""')
                i += 3
                continue
            if not info and (c == '"' or c == "\n"):
                stack.pop()
            out.append(c)
            i += 1
    return "".join(out)


def parameter_labels(text, open_paren):
    """The argument labels of the parameter list whose "(" is at text[open_paren]: ["for"],
    ["_"], [] for "()"; None if the list does not close."""
    depth, i, params, start = 0, open_paren, [], open_paren + 1
    while i < len(text):
        c = text[i]
        if c in "([<":
            depth += 1
        elif c in ")]>" and not (c == ">" and text[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                params.append(text[start:i])
                break
        elif c == "," and depth == 1:
            params.append(text[start:i])
            start = i + 1
        i += 1
    else:
        return None
    labels = []
    for param in params:
        param = re.sub(r"@\w+\s*", "", param)
        m = re.match(r"\s*(\w+)(?:\s+\w+)?\s*:", param)
        if m:
            labels.append(m.group(1))
    return labels


def signature(name, labels):
    return name + "(" + "".join(label + ":" for label in labels) + ")"


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


# --- the notes ---------------------------------------------------------------------------------

def notes_line_is_code(line):
    """For notes without ``` fences (a rendered page): True for a code line, False for prose,
    None for a blank line."""
    s = line.rstrip()
    if not s.strip():
        return None
    if s[0] in " \t":
        return not s.strip().startswith("•")      # indented: code, but for the page's bullets
    if s[0] in "}.@/)]":
        return True
    word = re.match(r"[A-Za-z_]\w*", s)
    if word and word.group(0) in SWIFT_KEYWORDS_AT_LINE_START:
        return True
    if s.endswith(("{", "}", ")", "]")):
        return True
    return bool(re.fullmatch(r"[A-Za-z_]\w*(?:\.\w+)+(?:\(.*\))?", s))     # Color.clear


def notes_code_chunks(text):
    """The notes' code, as chunks of lines: ``` fences if the file has them, otherwise runs of
    code lines between prose lines."""
    if "```" in text:
        for m in re.finditer(r"```[^\n]*\n(.*?)```", text, re.S):
            yield m.group(1).splitlines()
        return
    chunk = []
    for line in text.splitlines():
        code = notes_line_is_code(line)
        if code is False:
            if chunk:
                yield chunk
            chunk = []
        elif code:
            chunk.append(line)
    if chunk:
        yield chunk


def notes_declarations(text):
    """(name, kind, enclosing type or None) for each declaration at file or type level in the
    notes' code, and the set of attributes (@Name) applied."""
    decls, attributes = [], set()
    for chunk in notes_code_chunks(text):
        scopes = []                     # ("type", name) or ("code", None), one per open brace
        pending_type = None
        lines = [re.sub(r"//.*", "", raw) for raw in chunk]
        for index, line in enumerate(lines):
            attributes.update(re.findall(r"@(\w+)", line))
            m = NOTES_DECL.match(line)
            if m:
                kind, name = m.group(1).lower(), m.group(2)
                if kind == "func":
                    rest = "\n".join(lines[index:index + 8])[m.end():]
                    paren = re.match(r"\s*(?:<[^>]*>)?\s*\(", rest)
                    labels = parameter_labels(rest, paren.end() - 1) if paren else None
                    if labels is not None:
                        name = signature(name, labels)
                if not scopes or scopes[-1][0] == "type":
                    owner = next((s[1] for s in reversed(scopes) if s[0] == "type"), None)
                    decls.append((name, kind, owner))
                if kind in ("struct", "class", "enum", "protocol"):
                    pending_type = name
            ext = re.match(r"^\s*(?:public\s+)?extension\s+(\w+)", line)
            if ext:
                pending_type = ext.group(1)
            segment = ""
            for c in line:
                if c == "{":
                    if TYPE_OPENER.search(segment) and pending_type:
                        scopes.append(("type", pending_type))
                    else:
                        scopes.append(("code", None))
                    pending_type, segment = None, ""
                elif c == "}":
                    if scopes:
                        scopes.pop()
                    segment = ""
                else:
                    segment += c
    return decls, attributes


def notes_names(reference_dir):
    """The notes' declared names, sorted, after the exclusions and aliases above."""
    names = set()
    for path in sorted(glob.glob(os.path.join(reference_dir, "*.txt"))):
        decls, attributes = notes_declarations(read(path))
        for name, kind, owner in decls:
            name = ALIASES.get(name, name)
            if name.split("(")[0] in EXCLUDED_NAMES or name in SCAFFOLDING_TYPES or owner in SCAFFOLDING_TYPES:
                continue
            names.add(name)
        for attribute in attributes:
            attribute = ALIASES.get(attribute, attribute)
            if attribute in PROPERTY_WRAPPERS:
                names.add("@" + attribute)
    return sorted(names, key=lambda s: (s.lstrip("@").lower(), s))


# --- our sources ---------------------------------------------------------------------------------

def sources_declared(sources_dir):
    """Every name a declaration in Sources/ introduces (comments stripped), the names of
    @propertyWrapper types as "@Name", and every function as (name, argument labels)."""
    declared, functions = set(), set()
    decl = re.compile(r"\b(?:struct|class|enum|protocol|actor|func|var|let|typealias|associatedtype)"
                      r"\s+`?(\w+)")
    func = re.compile(r"\bfunc\s+`?(\w+)`?\s*(?:<[^>{]*>)?\s*\(")
    case = re.compile(r"\bcase\s+((?:`?\w+`?(?:\([^)]*\))?(?:\s*=\s*[^,\n]+)?\s*,\s*)*`?\w+)")
    wrapper = re.compile(r"@propertyWrapper\s+(?:@\w+(?:\([^)]*\))?\s+)*" + MODIFIERS +
                         r"(?:struct|class|enum)\s+(\w+)")
    for path in glob.glob(os.path.join(sources_dir, "Sources", "**", "*.swift"), recursive=True):
        code = strip_swift_comments(read(path))
        declared.update(decl.findall(code))
        for m in case.finditer(code):
            for part in m.group(1).split(","):
                word = re.match(r"\s*`?(\w+)", part)
                if word:
                    declared.add(word.group(1))
        declared.update("@" + name for name in wrapper.findall(code))
        for m in func.finditer(code):
            labels = parameter_labels(code, m.end() - 1)
            if labels is not None:
                functions.add((m.group(1), tuple(labels)))
    return declared, functions


def is_declared(name, declared, functions):
    """A plain name: declared under that name. A function, name(labels:): our Sources declare a
    function of that name whose argument labels begin with the notes' (ours may add trailing
    parameters, as cardify(isFaceUp:look:) adds the terminal's look)."""
    m = re.fullmatch(r"(\w+)\((.*)\)", name)
    if not m:
        return name in declared
    wanted = tuple(label for label in m.group(2).split(":") if label)
    return any(fname == m.group(1) and labels[:len(wanted)] == wanted for fname, labels in functions)


# --- report -------------------------------------------------------------------------------------

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(here)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", default=repo, metavar="DIR",
                        help="the repository whose Sources/ to read (default: the one this script is in)")
    parser.add_argument("--reference", default=None, metavar="DIR",
                        help="the lecture notes' directory (default: ../shared/reference from the repository)")
    parser.add_argument("--verbose", action="store_true", help="list the found constructs and names too")
    args = parser.parse_args()
    reference = args.reference or os.path.normpath(os.path.join(repo, "..", "shared", "reference"))

    if not os.path.isdir(reference) or not glob.glob(os.path.join(reference, "*.txt")):
        print(f"lecture-side-by-side: no lecture notes (*.txt) in {reference}; "
              "pass --reference DIR (the notes directory)", file=sys.stderr)
        return 2
    if not os.path.isdir(os.path.join(args.sources, "Sources")):
        print(f"lecture-side-by-side: no Sources/ in {args.sources}; pass --sources DIR (a repository)",
              file=sys.stderr)
        return 2

    print("Constructs side by side (the lecture's final listings, lecture 8):")
    total_found = total = strict_found = 0
    for relatives, constructs in CONSTRUCTS.items():
        relatives = (relatives,) if isinstance(relatives, str) else relatives
        paths = [os.path.join(args.sources, relative) for relative in relatives]
        code = "\n".join(strip_swift_comments(read(path)) for path in paths if os.path.isfile(path))
        relative = relatives[0]
        found = [label for label, pattern in constructs.items() if re.search(pattern, code)]
        # The issue's own measure is the file of the same name alone: say that figure too.
        if len(paths) > 1:
            own = strip_swift_comments(read(paths[0])) if os.path.isfile(paths[0]) else ""
            own_found = [label for label, pattern in constructs.items() if re.search(pattern, own)]
            strict_found += len(own_found)
        else:
            strict_found += len(found)
        missing = [label for label in constructs if label not in found]
        total_found += len(found)
        total += len(constructs)
        absent = [os.path.basename(path) for path in paths if not os.path.isfile(path)]
        note = f" ({', '.join(absent)} not found)" if absent else ""
        if len(relatives) > 1:
            note += " in " + " + ".join(os.path.basename(r) for r in relatives)
        print(f"  {os.path.splitext(os.path.basename(relative))[0]}: found {len(found)} of {len(constructs)}{note}")
        if missing:
            print("    missing: " + ", ".join(missing))
        if len(paths) > 1:
            print(f"    in {os.path.basename(paths[0])} alone: {len(own_found)} of {len(constructs)}; "
                  "only in " + " + ".join(os.path.basename(p) for p in paths[1:]) + ": "
                  + (", ".join(label for label in found if label not in own_found) or "none"))
        if args.verbose:
            print("    found: " + ", ".join(found))
    print(f"constructs: {total_found} of {total} ({strict_found} of {total} in the files of the same name alone)")
    print()

    names = notes_names(reference)
    declared, functions = sources_declared(args.sources)
    found = [name for name in names if is_declared(name, declared, functions)]
    missing = [name for name in names if name not in found]
    print(f"code names declared: {len(found)} of {len(names)}")
    if missing:
        print("  missing: " + ", ".join(missing))
    if args.verbose:
        print("  found: " + ", ".join(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
