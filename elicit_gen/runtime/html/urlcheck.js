// elicit-gen URL check: a faithful port of elicit_gen/runtime/urlcheck.py (check_url), so that
// the consent page says exactly what the Python consent screens say of the same URL. Both are
// tested against one table (tests/support/url_cases.json) and against each other on generated
// URLs. The browser has no IDNA 2003 (what Python's encodings.idna does), so this file carries
// nameprep and punycode; its tables are Python's own (urlcheck_data.js), including the ones
// urlcheck.py has from node's URL: the full stops UTS #46 reads (mapped first) and the code points
// whose IDNA 2003 and UTS #46 conversions differ (refused). `href`, what every opener opens, is
// serialised once as WHATWG does (IPv6 as [::ffff:102:304], dot segments resolved). Where the two
// can still differ: lower-casing and NFC of characters newer than Python's unicodedata (those are
// refused, but the browser lower-cases first).
const urlcheck = ((data) => {
  "use strict";

  // The Public Suffix List's rules (urlcheck.py's publicsuffix.py, the same text), read on first
  // use: groups joined by ",", each a top-level domain ("-" before it: not a rule itself) and its
  // other rules without it.
  let suffixes = null;
  function publicSuffixes() {
    if (suffixes === null) {
      suffixes = new Set();
      for (const group of data.suffixes.split(",")) {
        let [top, ...others] = group.split(" ");
        if (top.startsWith("-")) top = top.slice(1);
        else suffixes.add(top);
        for (const other of others) suffixes.add(`${other}.${top}`);
      }
    }
    return suffixes;
  }

  /** How many of the host's ASCII labels are its public suffix (urlcheck.py's
   * public_suffix_size): an exception outranks any rule, else the longest rule; null where no
   * rule matches (a top-level domain the list does not know). */
  function publicSuffixSize(labels) {
    const rules = publicSuffixes();
    const count = labels.length;
    for (let cut = 0; cut < count; cut += 1) {
      if (rules.has(`!${labels.slice(cut).join(".")}`)) return count - cut - 1;
    }
    for (let cut = 0; cut < count; cut += 1) {
      const rest = labels.slice(cut + 1).join(".");
      if (rules.has(labels.slice(cut).join(".")) || (rest !== "" && rules.has(`*.${rest}`))) return count - cut;
    }
    return null;
  }
  const HIDDEN_RE =
    /[\x00-\x20\x7f-\x9f\xa0\xad\u061c\u115f\u1160\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\u3164\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff\u{e0000}-\u{e007f}]/u;
  const SCHEME_RE = /^([A-Za-z][A-Za-z0-9+.-]*):/;
  const LABEL_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?|[a-z0-9])$/;
  const ASCII_RE = /^[\x00-\x7f]*$/;
  const DEFAULT_PORTS = { https: 443, http: 80 };

  // --- Python's tables --------------------------------------------------------------------------

  const numbers = (text) => (text === "" ? [] : text.split(",").map((n) => parseInt(n, 36)));

  /** A set of code points stored as the code points where membership changes. */
  function codeSet(text) {
    let at = 0;
    const edges = numbers(text).map((delta) => (at += delta));
    return (code) => {
      let lo = 0;
      let hi = edges.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (edges[mid] <= code) lo = mid + 1;
        else hi = mid;
      }
      return lo % 2 === 1;
    };
  }

  const MAP_NOTHING = new Set(numbers(data.mapNothing));
  const MAPPING = new Map(
    data.mapping.split(",").map((entry) => {
      const [code, chars] = entry.split(":");
      return [parseInt(code, 36), String.fromCodePoint(...chars.split(".").map((c) => parseInt(c, 36)))];
    }),
  );
  const unassigned = codeSet(data.unassigned); // in Unicode 3.2, which nameprep normalizes by
  const prohibited = codeSet(data.prohibited);
  const randAL = codeSet(data.randAL);
  const leftToRight = codeSet(data.leftToRight);
  const unknown = codeSet(data.unknown); // unassigned in this Python's unicodedata
  const different = codeSet(data.idnaDifferent); // IDNA 2003 and UTS #46 differ (urlcheck.py)
  const mark = codeSet(data.marks);
  const DOTS = new Set(numbers(data.dots).map((c) => String.fromCodePoint(c)));
  const LATIN_ALIKE = data.latinAlike.split("|").map((entry) => {
    const [script, letters] = entry.split(":");
    return [script, new Set(letters.split(".").map((c) => String.fromCodePoint(parseInt(c, 36))))];
  });

  const SCRIPT_WORDS = data.scriptWords.split("|");
  const SCRIPT_STARTS = [];
  const SCRIPT_INDEXES = [];
  {
    let at = 0;
    for (const run of data.scriptRuns.split(",")) {
      const [length, word] = run.split(".");
      at += parseInt(length, 36);
      SCRIPT_STARTS.push(at);
      SCRIPT_INDEXES.push(parseInt(word, 36));
    }
  }

  /** The script urlcheck.py's _scripts finds for one code point, or "" for none. */
  function scriptOf(code) {
    let lo = 0;
    let hi = SCRIPT_STARTS.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (SCRIPT_STARTS[mid] <= code) lo = mid + 1;
      else hi = mid;
    }
    return SCRIPT_WORDS[SCRIPT_INDEXES[lo - 1]];
  }

  const codes = (text) => Array.from(text, (char) => char.codePointAt(0));
  const fail = (why) => {
    throw new RangeError(why);
  };

  // --- punycode (RFC 3492), as Python's encodings.punycode --------------------------------------

  const BASE36 = "abcdefghijklmnopqrstuvwxyz0123456789";

  function threshold(j, bias) {
    const res = 36 * (j + 1) - bias;
    return res < 1 ? 1 : res > 26 ? 26 : res;
  }

  function adapt(delta, first, count) {
    let d = first ? delta / 700n : delta / 2n;
    d += d / BigInt(count);
    let divisions = 0;
    while (d > 455n) {
      d /= 35n;
      divisions += 36;
    }
    return divisions + Number((36n * d) / (d + 38n));
  }

  function punycodeEncode(text) {
    const all = codes(text);
    const base = all.filter((c) => c < 0x80);
    const extended = [...new Set(all.filter((c) => c >= 0x80))].sort((a, b) => a - b);
    const deltas = [];
    let oldChar = 0x80;
    let oldIndex = -1;
    for (const char of extended) {
      let index = -1;
      let delta = (all.filter((c) => c < char).length + 1) * (char - oldChar);
      for (let pos = 0; pos < all.length; pos += 1) {
        if (all[pos] < char) index += 1;
        else if (all[pos] === char) {
          index += 1;
          delta += index - oldIndex;
          deltas.push(delta - 1);
          oldIndex = index;
          delta = 0;
        }
      }
      oldChar = char;
    }
    let out = "";
    let bias = 72;
    deltas.forEach((delta, i) => {
      let n = delta;
      for (let j = 0; ; j += 1) {
        const t = threshold(j, bias);
        if (n < t) {
          out += BASE36[n];
          break;
        }
        out += BASE36[t + ((n - t) % (36 - t))];
        n = Math.floor((n - t) / (36 - t));
      }
      bias = adapt(BigInt(delta), i === 0, base.length + i + 1);
    });
    const basic = String.fromCharCode(...base);
    return basic ? `${basic}-${out}` : out;
  }

  function punycodeDecode(text) {
    const pos = text.lastIndexOf("-");
    const base = pos === -1 ? [] : codes(text.slice(0, pos));
    const extended = (pos === -1 ? text : text.slice(pos + 1)).toUpperCase();
    let char = 0x80n;
    let at = -1n;
    let bias = 72;
    let ext = 0;
    while (ext < extended.length) {
      let result = 0n;
      let w = 1n;
      let next = ext;
      for (let j = 0; ; j += 1) {
        if (next >= extended.length) fail("incomplete punycode string");
        const c = extended.charCodeAt(next);
        next += 1;
        let digit;
        if (c >= 0x41 && c <= 0x5a) digit = c - 0x41;
        else if (c >= 0x30 && c <= 0x39) digit = c - 22;
        else fail("invalid extended code point");
        const t = threshold(j, bias);
        result += BigInt(digit) * w;
        if (digit < t) break;
        w *= BigInt(36 - t);
      }
      const delta = result;
      at += delta + 1n;
      const size = BigInt(base.length + 1);
      char += at / size;
      if (char > 0x10ffffn) fail("code point out of range");
      at %= size;
      base.splice(Number(at), 0, Number(char));
      bias = adapt(delta, ext === 0, base.length);
      ext = next;
    }
    return String.fromCodePoint(...base);
  }

  // --- IDNA 2003, as Python's encodings.idna (ToASCII, ToUnicode, nameprep) ---------------------

  function nameprep(label) {
    let mapped = "";
    for (const char of label) {
      const code = char.codePointAt(0);
      if (MAP_NOTHING.has(code)) continue;
      mapped += MAPPING.has(code) ? MAPPING.get(code) : char.toLowerCase();
    }
    // NFKC of Unicode 3.2: a character it did not have yet stays as it is (and blocks composing
    // across it), where today's NFKC would map it ("ᵇ", U+1D47, is a "b" since Unicode 4.0).
    let text = "";
    let run = "";
    for (const char of mapped) {
      if (unassigned(char.codePointAt(0))) {
        text += run.normalize("NFKC") + char;
        run = "";
      } else run += char;
    }
    text += run.normalize("NFKC");
    const all = codes(text);
    if (all.some(prohibited)) fail("invalid character");
    const rtl = all.map(randAL);
    if (rtl.some(Boolean)) {
      if (all.some(leftToRight)) fail("violation of BIDI requirement 2");
      if (!rtl[0] || !rtl[rtl.length - 1]) fail("violation of BIDI requirement 3");
    }
    return text;
  }

  function sized(label) {
    if (label.length > 0 && label.length < 64) return label;
    return fail("label empty or too long");
  }

  function toASCII(label) {
    if (ASCII_RE.test(label)) return sized(label);
    const prepared = nameprep(label);
    if (ASCII_RE.test(prepared)) return sized(prepared);
    if (prepared.startsWith("xn--")) fail("label starts with ACE prefix");
    return sized(`xn--${punycodeEncode(prepared)}`);
  }

  function toUnicode(label) {
    if (label.length > 1024) fail("label way too long");
    if (!ASCII_RE.test(label)) {
      label = nameprep(label);
      if (!ASCII_RE.test(label)) fail("invalid character in IDN label");
    }
    if (label.slice(0, 4).toLowerCase() !== "xn--") return label;
    const result = punycodeDecode(label.slice(4));
    if (label.toLowerCase() !== toASCII(result)) fail("IDNA does not round-trip");
    return result;
  }

  // --- IP addresses, as Python's ipaddress and urlcheck's WHATWG-style IPv4 numbers -------------

  /** Python's int(text, base) for base 8 or 16 (sign, prefix, underscores), or null. */
  function ipv4Number(part) {
    if (part.slice(0, 2).toLowerCase() === "0x") {
      const digits = part.slice(2);
      return /^[0-9a-fA-F]*$/.test(digits) ? BigInt("0x" + (digits || "0")) : null;
    }
    if (part.length > 1 && part[0] === "0") {
      return /^[0-7]+$/.test(part.slice(1)) ? BigInt("0o" + part.slice(1)) : null;
    }
    return /^[0-9]+$/.test(part) ? BigInt(part) : null;
  }

  const dotted = (address) => [24n, 16n, 8n, 0n].map((shift) => String((address >> shift) & 255n)).join(".");

  /** The dotted IPv4 address a browser reads ``host`` as; null when it is none. */
  function ipv4(host) {
    const parts = host.split(".");
    if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
    if (ipv4Number(parts[parts.length - 1]) === null) return null;
    const values = parts.map(ipv4Number);
    if (values.length > 4 || values.some((n) => n === null)) return null;
    const last = values[values.length - 1];
    if (values.slice(0, -1).some((n) => n > 255n) || last >= 256n ** BigInt(5 - values.length)) return null;
    let address = last;
    values.slice(0, -1).forEach((value, index) => {
      address += value * 256n ** BigInt(3 - index);
    });
    return dotted(address);
  }

  function ipv4Octets(text) {
    const octets = text.split(".");
    if (text === "" || octets.length !== 4) return null;
    let address = 0n;
    for (const octet of octets) {
      if (!/^[0-9]{1,3}$/.test(octet) || (octet !== "0" && octet[0] === "0") || Number(octet) > 255) return null;
      address = (address << 8n) | BigInt(octet);
    }
    return address;
  }

  /** Python's IPv6Address(text): {compressed, loopback}, or null where it raises. (checkUrl
   * refuses a "%" in a host before it asks: no zone id ever reaches this.) */
  function ipv6(text) {
    if (text.includes("/") || text.includes("%")) return null;
    const parts = text.split(":");
    if (parts.length < 3) return null;
    if (parts[parts.length - 1].includes(".")) {
      const v4 = ipv4Octets(parts.pop());
      if (v4 === null) return null;
      parts.push(((v4 >> 16n) & 0xffffn).toString(16), (v4 & 0xffffn).toString(16));
    }
    if (parts.length > 9) return null;
    let skip = null;
    for (let i = 1; i < parts.length - 1; i += 1) {
      if (!parts[i]) {
        if (skip !== null) return null;
        skip = i;
      }
    }
    let hi;
    let lo;
    let skipped;
    if (skip !== null) {
      hi = skip;
      lo = parts.length - skip - 1;
      if (!parts[0] && (hi -= 1)) return null;
      if (!parts[parts.length - 1] && (lo -= 1)) return null;
      skipped = 8 - (hi + lo);
      if (skipped < 1) return null;
    } else {
      if (parts.length !== 8 || !parts[0] || !parts[parts.length - 1]) return null;
      hi = parts.length;
      lo = 0;
      skipped = 0;
    }
    const hextets = [];
    for (const part of [...parts.slice(0, hi), ...Array(skipped).fill("0"), ...parts.slice(parts.length - lo)]) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(part)) return null;
      hextets.push(parseInt(part, 16).toString(16));
    }
    // RFC 5952: the first longest run of two or more zero hextets becomes "::".
    let best = -1;
    let bestLength = 0;
    for (let i = 0; i < 8; ) {
      let j = i;
      while (j < 8 && hextets[j] === "0") j += 1;
      if (j - i > bestLength) [best, bestLength] = [i, j - i];
      i = j === i ? i + 1 : j;
    }
    if (bestLength > 1) {
      const end = best + bestLength;
      hextets.splice(best, bestLength, ...(end === 8 ? ["", ""] : [""]));
      if (best === 0) hextets.unshift("");
    }
    const loopback = hextets.join(":") === "::1";
    return { compressed: hextets.join(":"), loopback };
  }

  // --- the check ------------------------------------------------------------------------------

  function scriptsOf(label) {
    const found = [];
    for (const char of label) {
      const script = scriptOf(char.codePointAt(0));
      if (script && !found.includes(script)) found.push(script);
    }
    return found;
  }

  function mixed(scripts) {
    const others = scripts.filter((s) => s !== "Latin" && s !== "CJK");
    return others.length > 1 || (others.length === 1 && scripts.includes("Latin"));
  }

  const withCommas = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

  function result(url, fields) {
    const check = {
      url,
      refusal: null,
      scheme: "",
      host: "",
      asciiHost: "",
      domain: "",
      port: null,
      loopback: false,
      warnings: [],
      href: "",
      asciiDomain: "",
      lookalike: false,
      ...fields,
    };
    check.openable = check.refusal === null;
    return Object.freeze(check);
  }

  /** urlcheck.py's _unlike_browsers. */
  const unlikeBrowsers = (text) => codes(text).some((c) => different(c) || unknown(c));

  /** urlcheck.py's _rtl_unjudged. */
  const rtlUnjudged = (label) => codes(label).some(randAL) && codes(label).some(unassigned);

  /** urlcheck.py's _latin_alike. */
  function latinAlike(labels) {
    const top = scriptsOf(labels[labels.length - 1]);
    for (const label of labels) {
      const letters = Array.from(label).filter((char) => !"-0123456789".includes(char));
      for (const [script, alike] of LATIN_ALIKE) {
        if (letters.length && !top.includes(script) && letters.every((char) => alike.has(char))) return script;
      }
    }
    return null;
  }

  // What a browser percent-encodes in each part of a special URL (urlcheck.py's _href).
  // (and what Qt's strict parser refuses besides: a browser leaves an escape as it is)
  const PATH_ENCODE = new Set('"#<>?`{}[]^|');
  const QUERY_ENCODE = new Set("\"#<>'[]\\^`{|}");
  const FRAGMENT_ENCODE = new Set('"#<>`[]\\^{|}');
  // (a "%" that begins no escape becomes "%25": urlcheck.py's _encoded)
  const ESCAPE_RE = /^%[0-9A-Fa-f]{2}/;
  const UTF8 = new TextEncoder();
  const encoded = (text, encode) => {
    const chars = Array.from(text); // code points, once (an index is a code point's, as in Python)
    return chars
      .map((char, index) => {
        if (char === "%") return ESCAPE_RE.test(chars.slice(index, index + 3).join("")) ? char : "%25";
        return encode.has(char) || char.codePointAt(0) > 0x7f
          ? Array.from(UTF8.encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("")
          : char;
      })
      .join("");
  };

  const SINGLE_DOT = new Set([".", "%2e"]);
  const DOUBLE_DOT = new Set(["..", ".%2e", "%2e.", "%2e%2e"]);

  /** A special URL's path as WHATWG serialises it (urlcheck.py's _path). */
  function serialisedPath(path) {
    const segments = path ? path.replace(/\\/g, "/").split("/").slice(1) : [""];
    const out = [];
    segments.forEach((raw, index) => {
      const segment = encoded(raw, PATH_ENCODE);
      const last = index === segments.length - 1;
      if (DOUBLE_DOT.has(segment.toLowerCase())) {
        out.pop();
        if (last) out.push("");
      } else if (SINGLE_DOT.has(segment.toLowerCase())) {
        if (last) out.push("");
      } else out.push(segment);
    });
    return `/${out.join("/")}`;
  }

  /** The URL as a browser serialises it, from the parts the check judged (urlcheck.py's _href). */
  function href(scheme, asciiHost, port, tail) {
    const hashAt = tail.indexOf("#");
    let path = hashAt < 0 ? tail : tail.slice(0, hashAt);
    const questionAt = path.indexOf("?");
    const query = questionAt < 0 ? null : path.slice(questionAt + 1);
    if (questionAt >= 0) path = path.slice(0, questionAt);
    let out = `${scheme}://${asciiHost}${port !== null ? `:${port}` : ""}`;
    out += serialisedPath(path);
    if (query !== null) out += `?${encoded(query, QUERY_ENCODE)}`;
    if (hashAt >= 0) out += `#${encoded(tail.slice(hashAt + 1), FRAGMENT_ENCODE)}`;
    return out;
  }

  /** What the consent page shows of `url`: check_url of urlcheck.py, field for field
   * (`asciiHost` is `ascii_host`; `openable` is the property). */
  function checkUrl(url) {
    if (typeof url !== "string" || !url) return result("", { refusal: _t("The server sent no URL.") });
    const refuse = (refusal, known) => result(url, { refusal, ...known });
    const length = codes(url).length;
    if (length > MAX_URL_LENGTH) return refuse(_t("The URL is too long to show ({length} characters).", { length: withCommas(length) }));
    if (HIDDEN_RE.test(url)) return refuse(_t("The URL contains spaces, control or invisible characters."));
    const schemeMatch = SCHEME_RE.exec(url);
    if (schemeMatch === null) return refuse(_t("This is not a complete web address (it has no https:// part)."));
    const scheme = schemeMatch[1].toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(DEFAULT_PORTS, scheme)) {
      return refuse(_t("Links of the type {scheme}: cannot be opened from here; only https:// links can.", { scheme }), { scheme });
    }
    const rest = url.slice(schemeMatch[0].length);
    if (!rest.startsWith("//")) return refuse(_t("This is not a complete web address (it has no host)."), { scheme });
    const authority = rest.slice(2).split(/[/?#\\]/)[0];
    const tail = rest.slice(2 + authority.length);
    if (authority.includes("@")) {
      return refuse(
        _t("The URL carries a user name or password (before an @), a trick that can disguise where it really goes."),
        { scheme },
      );
    }
    let rawHost;
    let portText;
    if (authority.startsWith("[")) {
      const end = authority.indexOf("]");
      rawHost = authority.slice(0, end + 1);
      portText = authority.slice(end + 1);
      if (end < 0 || (portText && !portText.startsWith(":"))) return refuse(_t("The host name is not valid."), { scheme });
      portText = portText.slice(1);
    } else {
      const colon = authority.indexOf(":");
      rawHost = colon < 0 ? authority : authority.slice(0, colon);
      portText = colon < 0 ? "" : authority.slice(colon + 1);
    }
    let port = null;
    if (portText) {
      if (!/^[0-9]+$/.test(portText) || Number(portText) > 65535) return refuse(_t("The port number is not valid."), { scheme });
      port = Number(portText);
    }
    if (port === DEFAULT_PORTS[scheme]) port = null;
    // a browser decodes escapes in a host (and refuses IPv6 zone ids), Qt does not
    if (rawHost.includes("%")) return refuse(_t("The host name is not valid."), { scheme });
    const warnings = [];
    let ip = null;
    let host;
    let asciiHost;
    let domain;
    let asciiDomain;
    let lookalikeWarning = null;
    let unsure = null; // why the headline is the whole host, where it is
    let root = false; // "example.com.": browsers keep the dot
    if (rawHost.startsWith("[")) {
      ip = ipv6(rawHost.slice(1, -1));
      if (ip === null) return refuse(_t("The host name is not valid."), { scheme });
      asciiHost = host = domain = asciiDomain = `[${ip.compressed}]`;
    } else {
      // browsers read these as full stops (UTS #46) before anything else
      const dots = [...new Set(Array.from(rawHost).filter((char) => DOTS.has(char)))].sort();
      rawHost = Array.from(rawHost, (char) => (DOTS.has(char) ? "." : char)).join("");
      let name = rawHost.toLowerCase();
      root = name.endsWith(".") && name !== ".";
      if (root) name = name.slice(0, -1);
      if (!name || name === ".") return refuse(_t("This is not a complete web address (it has no host)."), { scheme });
      if (unlikeBrowsers(rawHost + name)) {
        return refuse(_t("The host name has letters that browsers may read differently."), { scheme });
      }
      let labels;
      let hostLabels;
      try {
        labels = name.split(".").map(toASCII);
        hostLabels = labels.map((label) => (label.startsWith("xn--") ? toUnicode(label) : label));
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        return refuse(_t("The host name is not valid."), { scheme });
      }
      if (hostLabels.some((label) => label && mark(label.codePointAt(0)))) {
        // a label may not begin with a combining mark (UTS #46); IDNA 2003 lets it
        return refuse(_t("The host name is not valid."), { scheme });
      }
      const given = name.normalize("NFC").split(".");
      // (a label given as xn-- is shown decoded; "xn--ß…" was not given so)
      const ace = (label) => label.startsWith("xn--") && ASCII_RE.test(label);
      const changed = hostLabels.some((a, i) => a !== given[i] && !ace(given[i]));
      if (changed || hostLabels.some(rtlUnjudged) || unlikeBrowsers(hostLabels.join(""))) {
        // "faß" would be shown as "fass" while a browser may go to "xn--fa-hia":
        // a name that changes when converted is not shown as either; nor a name whose
        // direction or letters IDNA 2003 cannot judge
        return refuse(_t("The host name has letters that browsers may read differently."), { scheme });
      }
      asciiHost = labels.join(".");
      const address = ipv4(asciiHost);
      if (address !== null) {
        const first = Number(address.split(".")[0]);
        ip = { compressed: address, loopback: first === 127 };
        asciiHost = host = domain = asciiDomain = address;
      } else if (/^[0-9]+$/.test(labels[labels.length - 1]) || ipv4Number(labels[labels.length - 1]) !== null) {
        // a host ending in a number is an IPv4 address to a browser, or invalid
        return refuse(_t("The host name is not valid."), { scheme });
      } else {
        if (!labels.every((label) => LABEL_RE.test(label))) return refuse(_t("The host name is not valid."), { scheme });
        host = hostLabels.join(".");
        const suffix = labels.length > 1 ? publicSuffixSize(labels) : null;
        let size = labels.length; // where the owner's part is unknown: the whole host
        if (labels.length === 1) {
          unsure = _t("{host} is a name without a domain: on each network it can be another computer.", { host });
        } else if (suffix === null) {
          unsure = _t(
            "The name ends in .{tld}, which is not a known top-level domain: nothing says who owns it, so the whole name is shown.",
            { tld: hostLabels[hostLabels.length - 1] },
          );
        } else if (suffix >= labels.length) {
          unsure = _t(
            "{host} is a public suffix, under which anyone can have a name: nothing says who owns it, so the whole name is shown.",
            { host },
          );
        } else {
          size = suffix + 1;
        }
        domain = hostLabels.slice(-size).join(".");
        asciiDomain = labels.slice(-size).join(".");
        if (labels.some((label) => label.startsWith("xn--"))) {
          warnings.push(
            _t("An international domain name: it is {ascii_host} underneath. Check it is the site you expect.", {
              ascii_host: asciiHost + (root ? "." : ""),
            }),
          );
        }
        for (const label of hostLabels) {
          const scripts = scriptsOf(label);
          if (mixed(scripts)) {
            // the script words are urlcheck.py's catalogue messages (_SCRIPT_WORDS)
            const words = scripts.map((word) => _t(word));
            const names = words.reduce((first, second) => _t("{first} and {second}", { first, second }));
            lookalikeWarning = _t("The name mixes {scripts} letters, as look-alike domains do.", { scripts: names });
            break;
          }
        }
        const alike = lookalikeWarning === null ? latinAlike(hostLabels) : null;
        if (alike !== null) {
          lookalikeWarning = _t("The name is written in {script} letters that look like Latin ones, as look-alike domains are.", {
            script: _t(alike),
          });
        }
        if (root) {
          host += ".";
          asciiHost += ".";
        }
      }
      if (dots.length) {
        warnings.push(_t('The host name is written with {dots} where browsers read a full stop (".").', { dots: dots.join(" ") }));
      }
    }
    const bare = asciiHost.replace(/\.$/, ""); // "localhost." is this computer too
    const loopback = (ip !== null && ip.loopback) || (ip === null && (bare === "localhost" || bare.endsWith(".localhost")));
    if (unsure !== null && !loopback) warnings.unshift(unsure); // "localhost": this computer
    if (ip !== null && !loopback) {
      warnings.unshift(_t("The destination is an IP address, not a name: nothing says who runs it."));
    }
    if (scheme === "http" && !loopback) {
      return refuse(
        _t("Plain http:// links are not opened: the page would not be private. Only https:// links can be opened."),
        { scheme, host, asciiHost, domain, asciiDomain, port },
      );
    }
    if (scheme === "http") warnings.unshift(_t("A plain http:// page on this computer: for development only."));
    if (port !== null) warnings.push(_t("It uses port {port}, not the usual one.", { port }));
    if (lookalikeWarning !== null) warnings.unshift(lookalikeWarning); // first, whatever else is said
    return result(url, {
      scheme,
      host,
      asciiHost,
      domain,
      port,
      loopback,
      warnings: Object.freeze(warnings),
      href: href(scheme, asciiHost, port, tail),
      asciiDomain,
      lookalike: lookalikeWarning !== null,
    });
  }

  return Object.freeze({ checkUrl, toASCII, toUnicode, punycodeEncode, punycodeDecode, unicode: data.unicode });
})(URLCHECK_DATA);
