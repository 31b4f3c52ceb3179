// runtime/pattern.py for the page: JSON Schema `pattern` read as every validator a server may
// run reads it (ECMAScript with the u flag as Ajv compiles it, Python's re.search, Rust's regex
// as pydantic uses it), refused where they differ, matched in linear time by a position
// automaton over bit sets (BigInt). Step for step the Python engine, so that the page refuses
// exactly the patterns and the values the Python forms refuse (tests/test_pattern_engine.py
// compares the two). Its tables and limits come from pattern.py (PATTERN_DATA, generated just
// before this text by targets/html.py). One const binding: in the page's one block, a function
// declaration would also become a global.
const ElicitPattern = (() => {
  "use strict";

  const LIMITS = PATTERN_DATA.limits;
  const END = 0x110000;
  const OVER_BUDGET = `too costly to compile: the form's patterns need over ${LIMITS.work} steps`;
  // what building one part of an automaton costs (joining it to the next included)
  const PART_WORK = LIMITS.partWork;

  class PatternError extends Error {
    /** Why a pattern cannot be enforced as every engine reads it, and where: `at` is the
     * 0-based index of the character at fault (in code points), -1 for the whole pattern. */
    constructor(reason, at = -1) {
      super(at < 0 ? reason : `${reason} (at character ${at + 1})`);
      this.reason = reason;
      this.at = at;
    }
  }

  class PatternBudget {
    /** The work compiling may still take (`left`), shared by the patterns of one form, and the
     * classes already read (`sets`, by their text). pattern.py's PatternBudget. */
    constructor(limit = LIMITS.work) {
      this.limit = limit;
      this.left = limit;
      this.sets = new Map();
    }

    spend(work) {
      this.left -= work;
      if (this.left < 0) throw new PatternError(OVER_BUDGET);
    }
  }

  // --- Sets of characters: boundaries [a0, b0, a1, b1, ...], the code points a0 <= c < b0 ...

  const bisectRight = (list, value) => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (value < list[middle]) high = middle;
      else low = middle + 1;
    }
    return low;
  };

  /** The set of the inclusive ranges `pairs` ([[lo, hi], ...]). */
  function span(pairs) {
    const sorted = pairs.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const out = [];
    for (const [lo, hi] of sorted) {
      if (out.length && lo <= out[out.length - 1]) {
        out[out.length - 1] = Math.max(out[out.length - 1], hi + 1);
      } else {
        out.push(lo, hi + 1);
      }
    }
    return out;
  }

  function union(sets) {
    const pairs = [];
    for (const set of sets) {
      for (let i = 0; i < set.length; i += 2) pairs.push([set[i], set[i + 1] - 1]);
    }
    return span(pairs);
  }

  function invert(bounds) {
    const items = bounds.slice();
    if (items.length && items[0] === 0) items.shift();
    else items.unshift(0);
    if (items.length && items[items.length - 1] === END) items.pop();
    else items.push(END);
    return items;
  }

  const has = (bounds, code) => bisectRight(bounds, code) % 2 === 1;

  /** A set from its generated table: boundaries as base-36 differences. */
  function decode(text) {
    const out = [];
    let at = 0;
    for (const token of text.split(/\s+/)) {
      if (token === "") continue;
      at += parseInt(token, 36);
      out.push(at);
    }
    return out;
  }

  const DIGIT = span([[0x30, 0x39]]);
  const WORD = span([[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]]);
  const SPACE = span([
    [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
    [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000],
  ]);
  const SPACE_WIDE = union([SPACE, span([[0x1c, 0x1f], [0x85, 0x85], [0x180e, 0x180e], [0xfeff, 0xfeff]])]);
  const DOT = invert(span([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]));
  const DOT_WIDE = invert(span([[0x0a, 0x0a]]));
  const WIDE = new Map();
  const ESCAPES = new Map();

  /** The widest \w ("word") or \d ("digit") of any engine, decoded on first use. */
  function wide(name) {
    if (!WIDE.has(name)) WIDE.set(name, decode(name === "word" ? PATTERN_DATA.word : PATTERN_DATA.digit));
    return WIDE.get(name);
  }

  /** [what every engine matches, what any engine matches] for \d \D \w \W \s \S, computed
   * once (the same sets each time). */
  function classEscape(letter) {
    if (!ESCAPES.has(letter)) ESCAPES.set(letter, classSets(letter));
    return ESCAPES.get(letter);
  }

  function classSets(letter) {
    const lower = letter.toLowerCase();
    const narrow = { d: DIGIT, w: WORD, s: SPACE }[lower];
    const widest = lower === "s" ? SPACE_WIDE : wide(lower === "d" ? "digit" : "word");
    if (letter === lower) return [narrow, widest];
    return [invert(widest), invert(narrow)];
  }

  // --- The syntax tree: {kind: "set" | "seq" | "alt" | "rep" | "anchor" | "look", ...} -------

  const setNode = (narrow, wideSet) => ({ kind: "set", narrow, wide: wideSet });
  const charNode = (code) => setNode([code, code + 1], [code, code + 1]);
  const SYNTAX = "^$\\.*+?()[]{}|/";
  const CONTROLS = { t: 9, n: 10, v: 11, f: 12, r: 13 };
  const HEX = "0123456789abcdefABCDEF";
  const ASCII_DIGITS = /^[0-9]+$/;
  const TOO_LARGE = `too large to check quickly: over ${LIMITS.positions} characters to match`;
  const TOO_COSTLY = `too costly to check quickly: over ${LIMITS.steps} operations a character`;
  const NESTED_LOOKS = "a look-behind inside a look-ahead (or the reverse, twice) is too deep";
  const LOOK_BEHIND = "a look-behind must have a fixed length (Python's re requires it)";
  const CLASS_B = "\\b inside a class means different things to the engines; write \\x08";
  const LONE_BRACE = "a lone { is an error in ECMAScript with the u flag; write \\{";
  const LONE_DASH = "a - inside a class that is not first, last or a range's; write \\-";
  const OCTAL =
    "back-references and octal escapes (\\1, \\01) are read differently by the engines " +
    "or not at all; write \\x01 for a character";

  class Parser {
    /** Reads a pattern (an array of code points) into a syntax tree, refusing what the engines
     * do not all read alike. */
    constructor(chars, budget) {
      this.text = chars;
      this.budget = budget;
      this.at = 0;
      this.depth = 0;
      this.size = 0; // positions, counted as repetition expands them
    }

    fail(reason, at) {
      return new PatternError(reason, at === undefined ? this.at : at);
    }

    peek(ahead = 0) {
      const at = this.at + ahead;
      return at < this.text.length ? this.text[at] : "";
    }

    slice(from, to) {
      return this.text.slice(from, to).join("");
    }

    parse() {
      const node = this.alternation();
      if (this.at < this.text.length) throw this.fail("a ) without an ( before it");
      if (this.size > LIMITS.positions) throw new PatternError(TOO_LARGE);
      return node;
    }

    alternation() {
      const branches = [this.sequence()];
      while (this.peek() === "|") {
        this.at += 1;
        branches.push(this.sequence());
      }
      if (branches.length === 1) return branches[0];
      const sets = branches.filter((node) => node.kind === "set");
      if (sets.length === branches.length) {
        // a|b|c is the class [abc]: one position, not three
        this.size -= sets.length - 1;
        this.budget.spend(sets.reduce((sum, s) => sum + s.narrow.length + s.wide.length, 0));
        return setNode(union(sets.map((s) => s.narrow)), union(sets.map((s) => s.wide)));
      }
      return { kind: "alt", items: branches };
    }

    sequence() {
      const items = [];
      while (this.at < this.text.length && this.peek() !== "|" && this.peek() !== ")") {
        const before = this.size;
        const start = this.at;
        const atom = this.atom();
        items.push(this.quantifier(atom, start, this.size - before));
      }
      if (items.length === 1) return items[0];
      return { kind: "seq", items };
    }

    quantifier(atom, start, size) {
      const at = this.at;
      const bounds = this.repeatBounds();
      if (bounds === null) return atom;
      // ^, $, \b, \B and a look-around cannot be repeated; a group holding one can
      const head = this.slice(start, start + 4);
      const look = ["(?=", "(?!"].includes(head.slice(0, 3)) || head === "(?<=" || head === "(?<!";
      if (look || (atom.kind === "anchor" && head.slice(0, 1) !== "(")) {
        throw this.fail("an assertion (^, $, \\b, \\B or a look-around) cannot be repeated", at);
      }
      const [low, high] = bounds;
      if (this.peek() === "?") this.at += 1; // lazy: the same values match
      if (["*", "+", "?"].includes(this.peek()) || (this.peek() === "{" && this.brace(this.at) !== null)) {
        throw this.fail("two quantifiers in a row (such as a** or a*+) are an error in ECMAScript");
      }
      const copies = high === null ? Math.max(low, 1) : high;
      this.size += size * (copies - 1);
      if (this.size > LIMITS.positions) throw this.fail(TOO_LARGE, at);
      return { kind: "rep", item: atom, low, high };
    }

    /** {n}, {n,} or {n,m} at `at`: [n, m or null, the index after it], or null. */
    brace(at) {
      const end = this.text.indexOf("}", at);
      if (end < 0) return null;
      const inner = this.slice(at + 1, end);
      const comma = inner.indexOf(",");
      const lowText = comma < 0 ? inner : inner.slice(0, comma);
      const highText = comma < 0 ? "" : inner.slice(comma + 1);
      if (!ASCII_DIGITS.test(lowText)) return null;
      if (highText && !ASCII_DIGITS.test(highText)) return null;
      if (lowText.length > 6 || highText.length > 6) throw this.fail(`a repeat count above ${LIMITS.repeat}`, at);
      const low = Number(lowText);
      const high = comma < 0 ? low : highText ? Number(highText) : null;
      return [low, high, end + 1];
    }

    repeatBounds() {
      const char = this.peek();
      if (char === "*" || char === "+" || char === "?") {
        this.at += 1;
        return { "*": [0, null], "+": [1, null], "?": [0, 1] }[char];
      }
      if (char !== "{") return null;
      const found = this.brace(this.at);
      if (found === null) throw this.fail(LONE_BRACE);
      const [low, high, end] = found;
      if (Math.max(low, high || 0) > LIMITS.repeat) throw this.fail(`a repeat count above ${LIMITS.repeat}`);
      if (high !== null && high < low) throw this.fail("a repeat {n,m} with n above m");
      this.at = end;
      return [low, high];
    }

    atom() {
      const char = this.peek();
      const at = this.at;
      if (char === "(") return this.group();
      if (char === "[") return this.klass();
      if (char === "\\") return this.escape();
      this.at += 1;
      if (char === ".") {
        this.size += 1;
        return setNode(DOT, DOT_WIDE);
      }
      if (char === "^" || char === "$") return { kind: "anchor", which: char };
      if (char === "*" || char === "+" || char === "?") throw this.fail("a quantifier with nothing to repeat", at);
      if (char === "{") {
        if (this.brace(at) !== null) throw this.fail("a quantifier with nothing to repeat", at);
        throw this.fail(LONE_BRACE, at);
      }
      if (char === "}" || char === "]") {
        throw this.fail(`a lone ${char} is an error in ECMAScript with the u flag; write \\${char}`, at);
      }
      this.size += 1;
      return charNode(this.code(char, at));
    }

    code(char, at) {
      const code = char.codePointAt(0);
      if (code >= 0xd800 && code <= 0xdfff) throw this.fail("a surrogate code point is half a character", at);
      return code;
    }

    group() {
      const start = this.at;
      this.at += 1;
      let behind = false;
      let negative = false;
      let look = false;
      if (this.peek() === "?") {
        const head = this.slice(this.at, this.at + 3);
        if (head.startsWith("?:")) {
          this.at += 2;
        } else if (head.slice(0, 2) === "?=" || head.slice(0, 2) === "?!") {
          look = true;
          negative = head[1] === "!";
          this.at += 2;
        } else if (head === "?<=" || head === "?<!") {
          look = true;
          behind = true;
          negative = head[2] === "!";
          this.at += 3;
        } else {
          throw this.fail(groupRefusal(head), start);
        }
      }
      this.depth += 1;
      if (this.depth > LIMITS.depth) throw this.fail(`groups nested more than ${LIMITS.depth} deep`, start);
      const node = this.alternation();
      this.depth -= 1;
      if (this.peek() !== ")") throw this.fail("an ( without its )", start);
      this.at += 1;
      if (!look) return node;
      if (behind) {
        const [low, high] = width(node);
        if (low !== high) {
          throw this.fail(LOOK_BEHIND, start);
        }
      }
      return { kind: "look", item: node, behind, negative };
    }

    escape() {
      const start = this.at;
      const letter = this.peek(1);
      if (letter === "b" || letter === "B") {
        this.at += 2;
        return { kind: "anchor", which: letter };
      }
      const found = this.escaped(false);
      this.size += 1;
      if (typeof found !== "number") return found;
      return charNode(this.code(String.fromCodePoint(found), start));
    }

    /** The escape at this.at (a backslash): a class such as \d (a set node), or a code point. */
    escaped(inClass) {
      const start = this.at;
      const letter = this.peek(1);
      this.at += 2;
      if (letter === "") throw this.fail("a \\ at the end of the pattern", start);
      if ("dDwWsS".includes(letter)) {
        const [narrow, widest] = classEscape(letter);
        return setNode(narrow, widest);
      }
      if (Object.prototype.hasOwnProperty.call(CONTROLS, letter)) return CONTROLS[letter];
      if (letter === "0") {
        if (this.peek() !== "" && "0123456789".includes(this.peek())) throw this.fail(OCTAL, start);
        return 0;
      }
      if ("123456789".includes(letter)) throw this.fail(OCTAL, start);
      if (letter === "x") {
        const digits = this.text.slice(this.at, this.at + 2);
        if (digits.length < 2 || digits.some((d) => !HEX.includes(d))) {
          throw this.fail("\\x needs two hexadecimal digits", start);
        }
        this.at += 2;
        return parseInt(digits.join(""), 16);
      }
      if (letter === "u") return this.unicodeEscape(start);
      if (SYNTAX.includes(letter) || (inClass && letter === "-")) return letter.codePointAt(0);
      throw this.fail(escapeRefusal(letter), start);
    }

    unicodeEscape(start) {
      if (this.peek() === "{") {
        throw this.fail("\\u{...} is unknown to Python's re; write the character itself", start);
      }
      const digits = this.text.slice(this.at, this.at + 4);
      if (digits.length < 4 || digits.some((d) => !HEX.includes(d))) {
        throw this.fail("\\u needs four hexadecimal digits", start);
      }
      this.at += 4;
      const code = parseInt(digits.join(""), 16);
      if (code >= 0xd800 && code <= 0xdfff) {
        throw this.fail(
          "a surrogate escape such as \\ud83d is half a character in Python's re and " +
            "joins the next one in ECMAScript; write the character itself",
          start,
        );
      }
      return code;
    }

    klass() {
      const start = this.at;
      this.at += 1;
      const negated = this.peek() === "^";
      if (negated) this.at += 1;
      const narrow = [];
      const widest = [];
      let first = true;
      for (;;) {
        const char = this.peek();
        if (char === "") throw this.fail("a [ without its ]", start);
        if (char === "]") {
          if (first) {
            throw this.fail(
              "[] and [^] mean nothing and anything in ECMAScript, but not in " +
                "Python's re; escape the ] (\\]) if it is part of the class",
              this.at,
            );
          }
          this.at += 1;
          break;
        }
        this.classItem(narrow, widest, first);
        first = false;
      }
      this.size += 1;
      // a class written before is read once: its sets joined the first time only
      const key = this.slice(start, this.at);
      let found = this.budget.sets.get(key);
      if (found === undefined) {
        const length = (sets) => sets.reduce((sum, set) => sum + set.length, 0);
        this.budget.spend(length(narrow) + length(widest));
        found = negated ? [invert(union(widest)), invert(union(narrow))] : [union(narrow), union(widest)];
        this.budget.sets.set(key, found);
      }
      return setNode(found[0], found[1]);
    }

    /** One character, escape or range of a class, added to both lists of sets. */
    classItem(narrow, widest, first) {
      const at = this.at;
      const char = this.peek();
      this.doubledOperator(at);
      if (char === "-") {
        if (!first && this.peek(1) !== "]") throw this.fail(LONE_DASH);
        this.at += 1;
        narrow.push([0x2d, 0x2e]);
        widest.push([0x2d, 0x2e]);
        return;
      }
      const low = this.classAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "") {
        this.doubledOperator(this.at);
        this.at += 1;
        this.doubledOperator(this.at);
        const high = this.classAtom();
        if (typeof low !== "number" || typeof high !== "number") {
          throw this.fail("a range cannot start or end with a class such as \\d", at);
        }
        if (high < low) throw this.fail("a range whose end comes before its start", at);
        narrow.push([low, high + 1]);
        widest.push([low, high + 1]);
        return;
      }
      if (typeof low !== "number") {
        narrow.push(low.narrow);
        widest.push(low.wide);
      } else {
        narrow.push([low, low + 1]);
        widest.push([low, low + 1]);
      }
    }

    doubledOperator(at) {
      const pair = this.slice(at, at + 2);
      if (["&&", "--", "~~", "||"].includes(pair)) {
        throw this.fail(
          `${pair} inside a class is an operator or a warning in Rust's regex and ` +
            "Python's re; escape one of the two",
          at,
        );
      }
      if (pair.slice(0, 1) === "[") {
        throw this.fail("a [ inside a class starts a nested class in Rust's regex; escape it as \\[", at);
      }
    }

    classAtom() {
      const at = this.at;
      const char = this.peek();
      if (char === "") throw this.fail("a [ without its ]", at);
      if (char === "\\") {
        if (this.peek(1) === "b" || this.peek(1) === "B") {
          throw this.fail(CLASS_B, at);
        }
        const found = this.escaped(true);
        if (typeof found === "number") this.code(String.fromCodePoint(found), at);
        return found;
      }
      this.at += 1;
      return this.code(char, at);
    }
  }

  /** Why a group that starts "(" + head is refused. */
  function groupRefusal(head) {
    if (head.startsWith("?<") || head.startsWith("?P")) {
      return (
        "named groups are written (?<name>...) in ECMAScript and (?P<name>...) in " +
        "Python's re; use a plain group (...)"
      );
    }
    if (head.startsWith("?#")) return "comments (?#...) are unknown to ECMAScript";
    if (head.startsWith("?>")) return "atomic groups (?>...) are unknown to ECMAScript";
    if (head.startsWith("?(")) return "conditionals (?(...)...) are unknown to ECMAScript";
    return "inline flags and other (?...) groups are not read alike by ECMAScript and Python";
  }

  /** Why the escape "\" + letter is refused. */
  function escapeRefusal(letter) {
    if (letter === "p" || letter === "P") return "Unicode property classes (\\p{...}) are unknown to Python's re";
    if (letter === "k") return "named back-references (\\k<name>) are not supported";
    if (letter === "c") return "control escapes (\\cA) are unknown to Python's re; write \\x01";
    if ("AZz".includes(letter)) return `\\${letter} is unknown to ECMAScript; use ^ and $`;
    if (letter === "-") return "\\- outside a class is an error in ECMAScript with the u flag; write -";
    if (/^[A-Za-z0-9]$/.test(letter)) return `\\${letter} is not an escape every engine knows`;
    return `\\${letter} is an error with ECMAScript's u flag; write ${letter} alone`;
  }

  /** [the fewest, the most (null: no most)] characters `node` matches. */
  function width(node) {
    if (node.kind === "set") return [1, 1];
    if (node.kind === "anchor" || node.kind === "look") return [0, 0];
    if (node.kind === "rep") {
      const [low, high] = width(node.item);
      if (node.high === null) return [low * node.low, high !== 0 ? null : 0];
      return [low * node.low, high === null ? null : high * node.high];
    }
    const widths = node.items.map(width);
    const highs = widths.map((w) => w[1]);
    if (node.kind === "seq") {
      const total = highs.includes(null) ? null : highs.reduce((a, b) => a + b, 0);
      return [widths.reduce((a, w) => a + w[0], 0), total];
    }
    const most = highs.includes(null) ? null : Math.max(...highs);
    return [Math.min(...widths.map((w) => w[0])), most];
  }

  /** `node` matching the same texts backwards (look-arounds stay: they hold at places). */
  function reverse(node) {
    if (node.kind === "seq") return { kind: "seq", items: node.items.slice().reverse().map(reverse) };
    if (node.kind === "alt") return { kind: "alt", items: node.items.map(reverse) };
    if (node.kind === "rep") return { kind: "rep", item: reverse(node.item), low: node.low, high: node.high };
    return node;
  }

  // --- The position automaton (see pattern.py): positions as BigInt bit sets, conditions (the
  // assertions a link or an end needs) as Number bit sets of assertion numbers.

  const START = 0;
  const END_ONLY = 1;
  const END_OR_NEWLINE = 2;
  const BOUNDARY = 3;
  const BOUNDARY_WIDE = 4;
  const INSIDE = 5;
  const INSIDE_WIDE = 6;
  const FIXED = 7;
  const TOO_MANY_CONDITIONS = "too many alternatives of assertions such as (^|\\b) in a row";

  const part = (first, last, empty) => ({ first, last, empty });
  const NOTHING = part(new Map(), new Map(), [0]);
  const one = (n) => 1n << BigInt(n);

  function popcount(value) {
    // one pass over the binary digits: a loop of BigInt operations costs each bit's length
    const digits = (typeof value === "bigint" ? value : BigInt(value)).toString(2);
    let count = 0;
    for (let i = 0; i < digits.length; i += 1) if (digits.charCodeAt(i) === 49) count += 1;
    return value ? count : 0;
  }

  /** The set bits of `positions`, lowest first. */
  function bits(positions) {
    const out = [];
    if (!positions) return out;
    const digits = positions.toString(2);
    for (let i = digits.length - 1; i >= 0; i -= 1) if (digits.charCodeAt(i) === 49) out.push(digits.length - 1 - i);
    return out;
  }

  /** The conditions of which no other is a part. */
  function least(conditions) {
    const all = [...conditions];
    const kept = all.filter((c) => !all.some((d) => d !== c && (d & c) === d));
    return kept.sort((a, b) => a - b);
  }

  class Automaton {
    constructor(program, wideReading) {
      this.program = program;
      this.wide = wideReading; // read with the sets any engine matches
      this.sets = [];
      this.shifts = new Map(); // "distance,condition" -> [distance, condition, sources]
      this.bundles = [];
      this.uses = 0;
      this.first = new Map();
      this.last = new Map();
      this.empty = [];
      this.starts = [];
      this.runs = [];
      this.classes = [];
      this.plans = new Map();
    }

    build(node) {
      const built = this.part(node);
      this.first = built.first;
      this.last = built.last;
      this.empty = built.empty;
      this.partition();
    }

    steps() {
      return this.shifts.size + this.bundles.length + 1;
    }

    limit(found) {
      const conditions = least(found);
      if (conditions.length > LIMITS.conditions) throw new PatternError(TOO_MANY_CONDITIONS);
      return conditions;
    }

    merge(...maps) {
      const out = new Map();
      for (const found of maps) {
        for (const [condition, positions] of found) out.set(condition, (out.get(condition) || 0n) | positions);
      }
      if (out.size > LIMITS.conditions) throw new PatternError(TOO_MANY_CONDITIONS);
      const merged = new Map();
      const order = [...out.keys()].map((c, i) => [c, i]);
      order.sort((a, b) => popcount(a[0]) - popcount(b[0]) || a[1] - b[1]);
      for (const [condition] of order) {
        let positions = out.get(condition);
        for (const [smaller, seen] of merged) {
          if ((smaller & condition) === smaller) positions &= ~seen;
        }
        if (positions) merged.set(condition, positions);
      }
      return merged;
    }

    under(found, conditions) {
      if (conditions.length === 1 && conditions[0] === 0) return found;
      const maps = [];
      for (const [c, m] of found) for (const n of conditions) maps.push(new Map([[c | n, m]]));
      return this.merge(...maps);
    }

    link(last, first) {
      this.program.budget.spend(last.size * first.size);
      for (const [before, sources] of last) {
        for (const [after, targets] of first) this.edges(sources, targets, before | after);
      }
    }

    edges(sources, targets, condition) {
      if (popcount(sources) * popcount(targets) > 4) {
        this.bundles.push([sources, targets, condition]);
        return;
      }
      for (const p of bits(sources)) {
        for (const q of bits(targets)) {
          const key = `${q - p},${condition}`;
          const found = this.shifts.get(key);
          if (found) found[2] |= one(p);
          else this.shifts.set(key, [q - p, condition, one(p)]);
        }
      }
    }

    then(a, b) {
      this.link(a.last, b.first);
      const first = this.merge(a.first, this.under(b.first, a.empty));
      const last = this.merge(b.last, this.under(a.last, b.empty));
      const empty = new Set();
      for (const x of a.empty) for (const y of b.empty) empty.add(x | y);
      return part(first, last, this.limit(empty));
    }

    part(node) {
      // parts are counted, not only positions: (?:(?:^){1000}){1000} has none
      this.program.budget.spend(PART_WORK);
      if (node.kind === "set") {
        const position = one(this.sets.length);
        this.sets.push(this.wide ? node.wide : node.narrow);
        return part(new Map([[0, position]]), new Map([[0, position]]), []);
      }
      if (node.kind === "anchor") {
        const bit = 1 << this.anchor(node.which);
        this.uses |= bit;
        return part(new Map(), new Map(), [bit]);
      }
      if (node.kind === "look") {
        const bit = 1 << this.program.look(node, this.wide);
        this.uses |= bit;
        return part(new Map(), new Map(), [bit]);
      }
      if (node.kind === "seq") {
        let built = NOTHING;
        for (const item of node.items) built = this.then(built, this.part(item));
        return built;
      }
      if (node.kind === "alt") {
        const parts = node.items.map((item) => this.part(item));
        const empty = new Set();
        for (const p of parts) for (const c of p.empty) empty.add(c);
        return part(this.merge(...parts.map((p) => p.first)), this.merge(...parts.map((p) => p.last)), this.limit(empty));
      }
      return this.repeat(node);
    }

    repeat(node) {
      const { low, high } = node;
      if (high === 0) return NOTHING;
      let copies;
      let optional = [];
      if (high === null) {
        copies = [];
        for (let i = 0; i < Math.max(low, 1); i += 1) copies.push(this.part(node.item));
        const loop = copies[copies.length - 1];
        this.link(loop.last, loop.first);
        copies[copies.length - 1] = part(loop.first, loop.last, low === 0 ? [0] : loop.empty);
      } else {
        copies = [];
        for (let i = 0; i < low; i += 1) copies.push(this.part(node.item));
        for (let i = 0; i < high - low; i += 1) optional.push(this.part(node.item));
      }
      let tail = null;
      for (const copy of optional.slice().reverse()) {
        const joined = tail === null ? copy : this.then(copy, tail);
        tail = part(joined.first, joined.last, [0]);
      }
      let built = NOTHING;
      for (const copy of copies) built = this.then(built, copy);
      return tail === null ? built : this.then(built, tail);
    }

    anchor(which) {
      if (which === "^") return START;
      if (which === "$") return this.wide ? END_OR_NEWLINE : END_ONLY;
      if (which === "b") return this.wide ? BOUNDARY_WIDE : BOUNDARY;
      return this.wide ? INSIDE_WIDE : INSIDE;
    }

    /** Splits the code points into runs every position matches alike, and numbers the
     * distinct sets of positions they match (the classes). */
    partition() {
      // by identity: a class written again is the same sets (PatternBudget.sets), and two
      // equal sets apart toggle the same boundaries
      const bySet = new Map();
      this.sets.forEach((bounds, index) => {
        const found = bySet.get(bounds);
        if (found) found[1] |= one(index);
        else bySet.set(bounds, [bounds, one(index)]);
      });
      let size = 0;
      for (const [bounds] of bySet.values()) size += bounds.length;
      this.program.budget.spend(size);
      const toggles = new Map([[0, 0n]]);
      for (const [bounds, positions] of bySet.values()) {
        for (const boundary of bounds) toggles.set(boundary, (toggles.get(boundary) || 0n) ^ positions);
      }
      const numbers = new Map();
      let current = 0n;
      for (const boundary of [...toggles.keys()].sort((a, b) => a - b)) {
        current ^= toggles.get(boundary);
        if (boundary >= END) break;
        if (!numbers.has(current)) {
          numbers.set(current, this.classes.length);
          this.classes.push(current);
        }
        this.starts.push(boundary);
        this.runs.push(numbers.get(current));
      }
    }

    /** What a step does where the assertions `context` hold (and no others). */
    plan(context) {
      let found = this.plans.get(context);
      if (found === undefined) {
        const holds = (condition) => (condition & ~context) === 0;
        let first = 0n;
        for (const [condition, positions] of this.first) if (holds(condition)) first |= positions;
        let last = 0n;
        for (const [condition, positions] of this.last) if (holds(condition)) last |= positions;
        const ahead = [];
        const back = [];
        for (const [distance, condition, sources] of this.shifts.values()) {
          if (holds(condition)) {
            if (distance >= 0) ahead.push([sources, distance]);
            else back.push([sources, -distance]);
          }
        }
        const bundles = this.bundles.filter((b) => holds(b[2])).map((b) => [b[0], b[1]]);
        const empty = this.empty.some(holds);
        found = { first, last, empty, ahead, back, bundles };
        this.plans.set(context, found);
      }
      return found;
    }
  }

  // --- The search: passes (right to left for look-aheads, left to right for the rest) -------

  class Program {
    constructor(root, budget) {
      this.budget = budget;
      this.looks = []; // [automaton, ahead, negative]
      this.known = new Map(); // node -> Map(wide -> assertion number)
      this.main = new Automaton(this, false);
      this.main.build(root);
      this.uses = this.main.uses;
      for (const [auto] of this.looks) this.uses |= auto.uses;
    }

    look(node, wideReading) {
      let byReading = this.known.get(node);
      if (byReading === undefined) {
        byReading = new Map();
        this.known.set(node, byReading);
      }
      if (!byReading.has(wideReading)) {
        if (this.looks.length >= LIMITS.lookarounds) throw new PatternError(`more than ${LIMITS.lookarounds} look-arounds`);
        // under a negative look-around the inside is read the other way
        const inside = new Automaton(this, wideReading !== node.negative);
        inside.build(node.behind ? node.item : reverse(node.item));
        byReading.set(wideReading, FIXED + this.looks.length);
        this.looks.push([inside, !node.behind, node.negative]);
      }
      return byReading.get(wideReading);
    }

    passes() {
      const count = this.looks.length;
      const ahead = this.looks.map((l) => l[1]);
      const earliest = [];
      this.looks.forEach(([auto], index) => earliest.push(this.earliest(auto, ahead[index], earliest)));
      const main = this.earliest(this.main, false, earliest);
      const stages = new Array(count).fill(0);
      for (let index = count - 1; index >= 0; index -= 1) {
        const bit = 1 << (FIXED + index);
        const users = this.main.uses & bit ? [main - Number(ahead[index])] : [];
        for (let other = index + 1; other < count; other += 1) {
          if (this.looks[other][0].uses & bit) users.push(stages[other] - Number(ahead[other] !== ahead[index]));
        }
        stages[index] = Math.min(...users);
      }
      const parts = new Map();
      const add = (stage, entry) => {
        if (!parts.has(stage)) parts.set(stage, []);
        parts.get(stage).push(entry);
      };
      this.looks.forEach(([auto, , negative], index) => add(stages[index], [auto, FIXED + index, negative]));
      add(main, [this.main, -1, false]);
      if (parts.size > LIMITS.passes) {
        throw new PatternError(NESTED_LOOKS);
      }
      return [...parts.keys()].sort((a, b) => a - b).map((stage) => new Pass(parts.get(stage), stage % 2 === 0, this.budget));
    }

    earliest(auto, ahead, stages) {
      let stage = ahead ? 0 : 1;
      stages.forEach((other, index) => {
        if (auto.uses & (1 << (FIXED + index))) {
          stage = Math.max(stage, other + Number(this.looks[index][1] !== ahead));
        }
      });
      return stage;
    }
  }

  const FOUND = 2 ** 24; // a step's result: the next state's number * FOUND + the decided bits

  class Pass {
    /** Automata stepping together in one direction; their positions share one bit set. */
    constructor(parts, backward, budget) {
      this.backward = backward;
      this.parts = [];
      let offset = 0;
      let made = 0;
      let uses = 0;
      for (const [auto, bit, negative] of parts) {
        this.parts.push([auto, bit, negative, BigInt(offset)]);
        offset += auto.sets.length;
        uses |= auto.uses;
        if (bit >= 0) made |= 1 << bit;
      }
      this.given = uses & ~made;
      this.steps = parts.reduce((sum, [auto]) => sum + auto.steps(), 0) + LIMITS.passSteps;
      budget.spend(parts.reduce((sum, [auto]) => sum + auto.starts.length, 0));
      this.starts = [...new Set(parts.flatMap(([auto]) => auto.starts))].sort((a, b) => a - b);
      this.runs = [];
      this.masks = [];
      const numbers = new Map();
      budget.spend(this.starts.length * this.parts.length);
      for (const start of this.starts) {
        let mask = 0n;
        for (const [auto, , , at] of this.parts) {
          const run = bisectRight(auto.starts, start) - 1;
          mask |= auto.classes[auto.runs[run]] << at;
        }
        if (!numbers.has(mask)) {
          numbers.set(mask, this.masks.length);
          this.masks.push(mask);
        }
        this.runs.push(numbers.get(mask));
      }
      this.endings = new Map();
      this.plans = new Map();
      this.width = this.masks.length;
      this.memo = new Map();
      this.misses = 0;
      this.forget();
    }

    forget() {
      this.numbers = new Map([[0n, 0]]);
      this.states = [0n];
      this.rows = [new Map()];
    }

    klasses(chars) {
      if (this.memo.size > 4096) this.memo.clear();
      return chars.map((char) => {
        let found = this.memo.get(char);
        if (found === undefined) {
          found = this.runs[bisectRight(this.starts, char.codePointAt(0)) - 1];
          this.memo.set(char, found);
        }
        return found;
      });
    }

    ending(index, context) {
      const key = context * 64 + index;
      let found = this.endings.get(key);
      if (found === undefined) {
        const [auto, , , at] = this.parts[index];
        const own = auto.plan(context & auto.uses);
        found = [own.last << at, own.empty];
        this.endings.set(key, found);
      }
      return found;
    }

    plan(context) {
      let first = 0n;
      const ahead = new Map();
      const back = new Map();
      const bundles = [];
      for (const [auto, , , at] of this.parts) {
        const own = auto.plan(context & auto.uses);
        first |= own.first << at;
        for (const [sources, distance] of own.ahead) ahead.set(distance, (ahead.get(distance) || 0n) | (sources << at));
        for (const [sources, distance] of own.back) back.set(distance, (back.get(distance) || 0n) | (sources << at));
        for (const [s, t] of own.bundles) bundles.push([s << at, t << at]);
      }
      const found = {
        first,
        ahead: [...ahead].map(([d, m]) => [m, BigInt(d)]),
        back: [...back].map(([d, m]) => [m, BigInt(d)]),
        bundles,
      };
      this.plans.set(context, found);
      return found;
    }

    /** [the decided bits (assertions shifted left by one, 1 for a match of the pattern), the
     * context with the decided assertions], where the automata stand at `positions`. */
    decide(positions, context) {
      let found = 0;
      this.parts.forEach(([, bit, negative], index) => {
        const [last, empty] = this.ending(index, context);
        const matched = empty || (positions & last) !== 0n;
        if (bit < 0) {
          if (matched) found |= 1;
        } else if (matched !== negative) {
          found |= 2 << bit;
          context |= 1 << bit;
        }
      });
      return [found, context];
    }

    /** From `positions` over `key` (the context times the number of classes, plus the class
     * of the character read): [the decided bits, the next positions]. */
    advance(positions, key) {
      const context = Math.floor(key / this.width);
      const klass = key % this.width;
      const [found, decided] = this.decide(positions, context);
      const plan = this.plans.get(decided) || this.plan(decided);
      let reached = plan.first;
      for (const [sources, distance] of plan.ahead) {
        const moved = positions & sources;
        if (moved) reached |= moved << distance;
      }
      for (const [sources, distance] of plan.back) {
        const moved = positions & sources;
        if (moved) reached |= moved >> distance;
      }
      for (const [sources, targets] of plan.bundles) if (positions & sources) reached |= targets;
      return [found, reached & this.masks[klass]];
    }

    /** The step from state `state` over `key`: the next state's number * FOUND + the decided
     * bits. When there are too many states, the cache is forgotten and scan stops caching. */
    step(state, key) {
      this.misses += 1;
      const [found, reached] = this.advance(this.states[state], key);
      let number = this.numbers.get(reached);
      if (number === undefined) {
        if (this.numbers.size >= LIMITS.states) {
          this.forget();
          this.thrashing = true;
          state = -1;
        }
        number = this.numbers.size;
        this.numbers.set(reached, number);
        this.states.push(reached);
        this.rows.push(new Map());
      }
      const result = number * FOUND + found;
      if (state >= 0) this.rows[state].set(key, result);
      return result;
    }

    scan(chars, contexts, stop) {
      let keys = this.klasses(chars);
      if (this.backward) {
        keys.reverse();
        contexts = contexts.slice().reverse();
      }
      if (this.given) keys = keys.map((k, i) => (contexts[i] & this.given) * this.width + k);
      const out = new Array(contexts.length).fill(0);
      let state = 0;
      this.thrashing = false;
      for (let at = 0; at < keys.length; at += 1) {
        const key = keys[at];
        let found = this.rows[state].get(key);
        if (found === undefined) {
          found = this.step(state, key);
          // new states at nearly every character: stop caching for this text
          if (this.thrashing) return this.run(keys, contexts, at, found, out, stop);
        }
        const low = found % FOUND;
        if (low) {
          out[at] = low;
          if (stop && low & 1) return out;
        }
        state = Math.floor(found / FOUND);
      }
      return this.finish(this.states[state], contexts, out);
    }

    /** scan from place `at` on (where the step gave `found`), without the cache. */
    run(keys, contexts, at, found, out, stop) {
      let low = found % FOUND;
      if (low) {
        out[at] = low;
        if (stop && low & 1) return out;
      }
      let positions = this.states[Math.floor(found / FOUND)];
      for (let place = at + 1; place < keys.length; place += 1) {
        [low, positions] = this.advance(positions, keys[place]);
        if (low) {
          out[place] = low;
          if (stop && low & 1) {
            this.misses += place - at;
            return out;
          }
        }
      }
      this.misses += keys.length - at - 1;
      return this.finish(positions, contexts, out);
    }

    finish(positions, contexts, out) {
      out[out.length - 1] = this.decide(positions, contexts[contexts.length - 1] & this.given)[0];
      if (this.backward) out.reverse();
      return out;
    }
  }

  class CompiledPattern {
    /** A pattern as every engine reads it: search(text) says whether every engine that
     * compiles it finds a match in `text`. */
    constructor(source, budget) {
      this.source = source;
      const chars = Array.from(source);
      budget.spend(chars.length + 1);
      const program = new Program(new Parser(chars, budget).parse(), budget);
      this.uses = program.uses;
      this.passes = program.passes();
      this.steps = this.passes.reduce((sum, p) => sum + p.steps, 0);
      if (this.steps > LIMITS.steps) {
        throw new PatternError(TOO_COSTLY);
      }
      this.work = 0;
    }

    search(text) {
      const chars = Array.from(text);
      let contexts = this.contexts(chars);
      let found = false;
      this.work = 0;
      this.passes.forEach((one, index) => {
        one.misses = 0;
        const last = index === this.passes.length - 1;
        const decided = one.scan(chars, contexts, last);
        this.work += chars.length + 1 + one.misses * one.steps;
        if (last) found = decided.some((bits) => bits & 1);
        else contexts = contexts.map((c, i) => c | (decided[i] >> 1));
      });
      return found;
    }

    /** The fixed assertions (0-6) that hold at each place 0..n of the text. */
    contexts(chars) {
      const uses = this.uses;
      const size = chars.length;
      const contexts = new Array(size + 1).fill(0);
      if (uses & (1 << START)) contexts[0] |= 1 << START;
      if (uses & (1 << END_ONLY)) contexts[size] |= 1 << END_ONLY;
      if (uses & (1 << END_OR_NEWLINE)) {
        contexts[size] |= 1 << END_OR_NEWLINE;
        if (size && chars[size - 1] === "\n") contexts[size - 1] |= 1 << END_OR_NEWLINE;
      }
      if (uses & (0b1111 << BOUNDARY)) this.boundaries(chars, contexts);
      return contexts;
    }

    /** \b and \B: a boundary every engine sees is a word character of every engine next to a
     * character (or an end) no engine counts as one; likewise for no boundary. */
    boundaries(chars, contexts) {
      const widest = wide("word");
      const sure = [false, ...chars.map((c) => has(WORD, c.codePointAt(0))), false];
      const maybe = [false, ...chars.map((c) => has(widest, c.codePointAt(0))), false];
      for (let at = 0; at <= chars.length; at += 1) {
        const [aSure, aMaybe, bSure, bMaybe] = [sure[at], maybe[at], sure[at + 1], maybe[at + 1]];
        const boundary = (aSure && !bMaybe) || (!aMaybe && bSure);
        // Python's re (before 3.14) finds no \B at all in an empty text
        const inside = (aSure && bSure) || (!aMaybe && !bMaybe && chars.length > 0);
        let found = 0;
        if (boundary) found |= 1 << BOUNDARY;
        if (inside) found |= 1 << INSIDE;
        if (!inside) found |= 1 << BOUNDARY_WIDE;
        if (!boundary) found |= 1 << INSIDE_WIDE;
        contexts[at] |= found;
      }
    }
  }

  /** `source` compiled; throws PatternError (a reason and a place) for a pattern the engines do
   * not all read alike, or one too large to check quickly. Its work is charged to `budget`,
   * shared by a form's patterns (undefined: a budget of its own). */
  function compilePattern(source, budget = new PatternBudget()) {
    if (Array.from(source).length > LIMITS.length) {
      throw new PatternError(`the pattern is longer than ${LIMITS.length} characters`, LIMITS.length);
    }
    return new CompiledPattern(source, budget);
  }

  return Object.freeze({ compilePattern, PatternBudget, PatternError });
})();
