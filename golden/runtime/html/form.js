// elicit-gen HTML form runtime. Static: the same text in every page, allowed by its sha256 in the
// page's Content-Security-Policy. Schema text reaches the DOM only through textContent and the
// server-rendered, autoescaped markup; nothing here parses HTML or evaluates code.
(() => {
  "use strict";

  const doc = document;
  const byId = (id) => doc.getElementById(id);
  const own = (object, key) => Object.prototype.hasOwnProperty.call(object, key);
  const data = JSON.parse(byId("eg-data").textContent);
  const schema = data.schema;
  const properties = own(schema, "properties") ? schema.properties : {};

  // --- The schema's checks (messages as in the generated Python forms) ------------------------
  // Formats accept only what every mainstream validator of the answer accepts (the intersection
  // of Ajv + ajv-formats, as the MCP TypeScript SDK checks, jsonschema's format checker,
  // pydantic, as the Python SDK and FastMCP check, and the RFCs), as the generated Python forms
  // do (runtime/formcore.py's format checks, step for step): a form must never send what the
  // server refuses.

  // A TypeScript server parses the answer again with zod, which checks more than the schema it
  // sent says: zod's checks are in the intersection too.
  // A dot-atom local part (no leading, trailing or doubled dot) and at least two domain labels.
  const EMAIL_RE =
    /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
  // zod's local part: letters, digits and . _ ' + - only, and no ' last.
  const ZOD_LOCAL_RE = /^[a-zA-Z0-9_'+.-]*[a-zA-Z0-9_+-]$/;
  // Names email-validator (pydantic's EmailStr) refuses with every name under them.
  const SPECIAL_USE_DOMAINS = ["arpa", "invalid", "local", "localhost", "onion", "test"];
  const EMAIL_MAX_LENGTH = 254;
  // RFC 3986 "URI": scheme ":" hier-part [ "?" query ] [ "#" fragment ], with a non-empty
  // hier-part (Ajv refuses "a:" and "a:?q", which RFC 3986 allows). Groups: 1 the scheme, 2 the
  // userinfo and its "@", 3 the host (undefined without an authority), 4 the port's digits.
  const PCT = "%[0-9A-Fa-f]{2}";
  const UNRESERVED_SUB = "A-Za-z0-9\\-._~!$&'()*+,;=";
  const PCHAR = `(?:[${UNRESERVED_SUB}:@]|${PCT})`;
  const URI_RE = new RegExp(
    "^([A-Za-z][A-Za-z0-9+.\\-]*):" +
      `(?://((?:[${UNRESERVED_SUB}:]|${PCT})*@)?(\\[[^\\]]*\\]|(?:[${UNRESERVED_SUB}]|${PCT})*)` +
      `(?::([0-9]*))?(?:/${PCHAR}*)*` +
      `|/(?:${PCHAR}+(?:/${PCHAR}*)*)?` +
      `|${PCHAR}+(?:/${PCHAR}*)*)` +
      `(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`,
  );
  // The schemes a WHATWG URL parser (pydantic-core's) treats as special: their host is a domain
  // name or an IP address, and it is required (except for file).
  const SPECIAL_SCHEMES = ["http", "https", "ws", "wss", "ftp", "file"];
  const IPV4_RE = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;
  const IPVFUTURE_RE = /^v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
  const DATE_RE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
  // T and Z in upper case: zod 3's .datetime() refuses t and z.
  const DATE_TIME_RE =
    /^([0-9]{4})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:Z|([+-])([0-9]{2}):([0-9]{2}))$/;
  const LOWER_DATE_TIME_RE =
    /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt ]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:([+-])([0-9]{2}):([0-9]{2})|([Zz]))$/;
  // RFC 3339 full-time, the offset required (ajv-formats, jsonschema).
  const TIME_RE = /^([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$/;
  const NAIVE_TIME_RE = /^([0-9]{2}:[0-9]{2})(:[0-9]{2}(?:\.[0-9]+)?)?$/;
  const UUID_RE = /^[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}$/;
  const LOOSE_UUID_RE = /^(?:urn:uuid:|\{)?[0-9a-f]{8}-?(?:[0-9a-f]{4}-?){3}[0-9a-f]{12}\}?$/i;
  const IPV4_PARTS_RE = /^([0-9]+)\.([0-9]+)\.([0-9]+)\.([0-9]+)$/;
  // Where zod 3 takes an IPv4 address at the end of an IPv6 address.
  const IPV6_V4_PREFIX_RE = /^(?:::(?:ffff:(?:0{1,4}:)?)?|(?:[0-9A-Fa-f]{1,4}:){1,4}:)$/;
  const HOSTNAME_RE =
    /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
  // Groups: 1 weeks, 2 years, 3 months, 4 days, 5 hours, 6 minutes, 7 seconds.
  const DURATION_RE =
    /^P(?:([0-9]+)W|(?=[0-9]|T[0-9])(?:([0-9]+)Y)?(?:([0-9]+)M)?(?:([0-9]+)D)?(?:T(?=[0-9])(?:([0-9]+)H)?(?:([0-9]+)M)?(?:([0-9]+)S)?)?)$/;
  // pydantic's timedelta: at most 999,999,999 days, a time part of at most 2^32 - 1 seconds.
  const DURATION_MAX_DAYS = 999999999n;
  const DURATION_MAX_TIME_SECONDS = 2n ** 32n - 1n;

  /** Why `text` is no email address every validator accepts, as [reason, the part at fault], or
   * null: "form", "local" (a character zod refuses before the @), "punycode" (an xn-- label),
   * "hyphens" ("--" as a label's third and fourth characters), "tld" (the last label is not two
   * letters or more), "special-use" (printer.local), "length" (over 254). */
  function emailRefusal(text) {
    if (!EMAIL_RE.test(text)) return ["form", text];
    const at = text.lastIndexOf("@");
    const [local, domain] = [text.slice(0, at), text.slice(at + 1)];
    if (!ZOD_LOCAL_RE.test(local)) return ["local", local];
    for (const label of domain.split(".")) {
      if (label.slice(0, 4).toLowerCase() === "xn--") return ["punycode", label];
      if (label.slice(2, 4) === "--") return ["hyphens", label];
    }
    if (!/^[A-Za-z]{2,}$/.test(domain.slice(domain.lastIndexOf(".") + 1))) return ["tld", domain];
    const lowered = domain.toLowerCase();
    for (const name of SPECIAL_USE_DOMAINS) {
      if (lowered === name || lowered.endsWith(`.${name}`)) return ["special-use", domain];
    }
    if (text.length > EMAIL_MAX_LENGTH) return ["length", String(text.length)];
    return null;
  }

  const isEmail = (text) => emailRefusal(text) === null;

  function isIPv6(text) {
    const halves = text.split("::");
    if (halves.length > 2) return false;
    const groups = halves.map((half) => (half === "" ? [] : half.split(":")));
    const last = groups[groups.length - 1];
    let units = groups[0].length + (groups.length > 1 ? groups[1].length : 0);
    if (last.length && last[last.length - 1].includes(".")) {
      if (!IPV4_RE.test(last.pop())) return false;
      units += 1;
    }
    if (!groups.every((g) => g.every((part) => /^[0-9A-Fa-f]{1,4}$/.test(part)))) return false;
    return halves.length === 2 ? units <= 7 : units === 8;
  }

  /** A part of a WHATWG IPv4 address ("0x1f" hex, "017" octal, "17"), or null. */
  function ipv4Number(part) {
    let [radix, digits] = [10, part];
    if (part.startsWith("0x") || part.startsWith("0X")) [radix, digits] = [16, part.slice(2)];
    else if (part.length > 1 && part[0] === "0") [radix, digits] = [8, part.slice(1)];
    const allowed = { 16: /^[0-9A-Fa-f]*$/, 10: /^[0-9]*$/, 8: /^[0-7]*$/ }[radix];
    if (part === "" || !allowed.test(digits)) return null;
    digits = digits.replace(/^0+/, "");
    if (digits.length > 12) return 2 ** 48; // far beyond any part's bound
    return digits === "" ? 0 : parseInt(digits, radix);
  }

  /** Whether a host that ends in a number is an IPv4 address as a WHATWG URL parser reads one;
   * null when it does not end in a number (a domain name). */
  function isWhatwgIPv4(host) {
    const parts = host.split(".");
    if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
    const last = parts[parts.length - 1];
    if (!/^[0-9]+$/.test(last) && ipv4Number(last) === null) return null;
    const numbers = parts.map(ipv4Number);
    if (numbers.length > 4 || numbers.includes(null)) return false;
    const tail = numbers.pop();
    return numbers.every((n) => n <= 255) && tail < 256 ** (5 - parts.length);
  }

  /** Why `text` is no absolute URI every validator accepts, as [reason, the part at fault], or
   * null (formcore's _uri_refusal: "form", "ip-future", "port", "host-needed", "no-host",
   * "file-authority", "host-percent", "punycode", "ipv4"). */
  function uriRefusal(text) {
    const m = URI_RE.exec(text);
    if (m === null) return ["form", text];
    const [scheme, userinfo, host, port] = [m[1].toLowerCase(), m[2], m[3], m[4]];
    const special = SPECIAL_SCHEMES.includes(scheme);
    const rest = text.slice(scheme.length + 1);
    if (special && scheme !== "file" && (rest.slice(0, 2) !== "//" || rest.slice(2, 3) === "/")) {
      // A WHATWG parser skips the slashes after a special scheme: http:p, http:/p and http:///p
      // all name the host p, so each is checked as http://p.
      const after = rest.replace(/^\/+/, "");
      if (["", "?", "#"].includes(after.slice(0, 1))) return ["no-host", scheme];
      const found = uriRefusal(`${m[1]}://${after}`);
      return found !== null && found[0] === "form" ? ["no-host", scheme] : found;
    }
    if (host === undefined) return null;
    if (host.startsWith("[")) {
      const inner = host.slice(1, -1);
      if (IPVFUTURE_RE.test(inner)) return ["ip-future", host];
      if (!isIPv6(inner)) return ["form", text];
    }
    if (port && (port.replace(/^0+/, "").length > 5 || Number(port) > 65535)) return ["port", port];
    if (host === "" && (userinfo !== undefined || port !== undefined)) return ["host-needed", scheme];
    if (scheme === "file" && (userinfo !== undefined || port !== undefined)) {
      // file://c: is a Windows drive letter (the path /c:), not a host and a port
      const drive = userinfo === undefined && port === "" && /^[A-Za-z]$/.test(host);
      if (!drive) return ["file-authority", scheme];
    }
    if (!special || host.startsWith("[")) return null;
    if (host === "") return scheme === "file" ? null : ["no-host", scheme];
    if (host.includes("%")) return ["host-percent", host];
    for (const label of host.split(".")) {
      if (label.slice(0, 4).toLowerCase() === "xn--") return ["punycode", label];
    }
    if (isWhatwgIPv4(host) === false) return ["ipv4", host];
    return null;
  }

  const isUri = (text) => uriRefusal(text) === null;

  function validDate(year, month, day) {
    if (year < 1 || month < 1 || month > 12 || day < 1) return false;
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
    return day <= days;
  }

  function isDate(text) {
    const m = DATE_RE.exec(text);
    return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
  }

  /** RFC 3339 date-time with a mandatory offset. No leap second (jsonschema refuses second 60
   * always, Ajv except at 23:59:60 UTC) and no year 0000 (jsonschema refuses it). */
  function isDateTime(text) {
    const m = DATE_TIME_RE.exec(text);
    if (m === null || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
    return m[8] === undefined || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  }

  /** formcore's _time_refusal: "form", "offset" (none), "time", "leap", "offset-range". */
  function timeRefusal(text) {
    const m = TIME_RE.exec(text);
    if (m === null) return NAIVE_TIME_RE.test(text) ? "offset" : "form";
    if (Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 60) return "time";
    if (Number(m[3]) === 60) return "leap";
    if (m[5] !== undefined && (Number(m[6]) > 23 || Number(m[7]) > 59)) return "offset-range";
    return null;
  }

  /** formcore's _ipv4_refusal: "form", "zero" (a leading zero), "range" (above 255). */
  function ipv4Refusal(text) {
    const m = IPV4_PARTS_RE.exec(text);
    if (m === null) return "form";
    const parts = m.slice(1, 5);
    if (parts.some((p) => p.length > 1 && p[0] === "0")) return "zero";
    if (parts.some((p) => p.length > 3 || Number(p) > 255)) return "range";
    return null;
  }

  /** formcore's _ipv6_refusal: "form", "zone" (a % zone), "ipv4-tail" (where zod 3 takes none). */
  function ipv6Refusal(text) {
    const percent = text.indexOf("%");
    const head = percent < 0 ? text : text.slice(0, percent);
    if (!isIPv6(head)) return "form";
    if (percent >= 0) return "zone";
    if (head.includes(".") && !IPV6_V4_PREFIX_RE.test(head.slice(0, head.lastIndexOf(":") + 1))) {
      return "ipv4-tail";
    }
    return null;
  }

  const isHostname = (text) => text.replace(/\.+$/, "").length <= 253 && HOSTNAME_RE.test(text);

  /** formcore's _duration_refusal: "form", or "long" (beyond pydantic's timedelta). */
  function durationRefusal(text) {
    const m = DURATION_RE.exec(text);
    if (m === null) return "form";
    const [weeks, years, months, days, hours, minutes, seconds] = m
      .slice(1, 8)
      .map((g) => BigInt((g || "0").replace(/^0+/, "").slice(0, 20) || "0"));
    const timeSeconds = hours * 3600n + minutes * 60n + seconds;
    const totalDays = years * 365n + months * 30n + weeks * 7n + days;
    if (timeSeconds > DURATION_MAX_TIME_SECONDS) return "long";
    if (totalDays * 86400n + timeSeconds >= (DURATION_MAX_DAYS + 1n) * 86400n) return "long";
    return null;
  }

  const FORMAT_CHECKS = {
    email: isEmail,
    uri: isUri,
    date: isDate,
    "date-time": isDateTime,
    time: (text) => timeRefusal(text) === null,
    uuid: (text) => UUID_RE.test(text),
    ipv4: (text) => ipv4Refusal(text) === null,
    ipv6: (text) => ipv6Refusal(text) === null,
    hostname: isHostname,
    duration: (text) => durationRefusal(text) === null,
  };

  // --- What is wrong with an answer (formcore's wording, word for word) -------------------------
  // An error says what is wrong with the answer given, not again what the hint next to the field
  // says ("Has 45 characters, but at most 40 are allowed.", "There is no 30 February 2026.").
  // These are runtime/formcore.py's _needed, _date_problem and format_problem; a browser test
  // compares them with formcore on every probe (tests/test_target_html_browser.py).

  /** What is wrong with a length or count `n` (`shown` says it: "Has 45 characters", "3 chosen")
   * and the bound it breaks: "..., but at least 3 are needed.", "..., but at most 1 is allowed." */
  function needed(shown, n, lo, hi) {
    if (lo !== null && lo === hi) {
      return _tn("{shown}, but exactly {n} is needed.", "{shown}, but exactly {n} are needed.", lo, { shown });
    }
    if (lo !== null && n < lo) {
      return _tn("{shown}, but at least {n} is needed.", "{shown}, but at least {n} are needed.", lo, { shown });
    }
    return _tn("{shown}, but at most {n} is allowed.", "{shown}, but at most {n} are allowed.", hi, { shown });
  }

  /** The name of the month `month` (1 to 12), in the page's language. */
  function monthName(month) {
    return [
      _t("January"), _t("February"), _t("March"), _t("April"), _t("May"), _t("June"),
      _t("July"), _t("August"), _t("September"), _t("October"), _t("November"), _t("December"),
    ][month - 1];
  }

  /** Why a date of the right form is no day of the calendar, or null when it is one. */
  function dateProblem(yearText, monthText, dayText) {
    const [year, month, day] = [Number(yearText), Number(monthText), Number(dayText)];
    if (month < 1 || month > 12) return _t("There is no month {month}.", { month });
    if (year === 0) return _t("There is no year 0000.");
    if (!validDate(year, month, day)) {
      return _t("There is no {day} {month_name} {year}.", { day, month, month_name: monthName(month), year });
    }
    return null;
  }

  const xnProblem = (label) => _t("{label} is an internationalised (xn--) name, which this form cannot check.", { label });

  /** Why `text` is no email address every validator accepts (formcore's _email_problem). */
  function emailProblem(text) {
    const [reason, part] = emailRefusal(text) || ["form", text];
    if (reason === "punycode") return xnProblem(part);
    if (reason === "hyphens") {
      return _t(
        "{label} has hyphens in third and fourth place, which only internationalised names may have.",
        { label: part },
      );
    }
    if (reason === "local") {
      return _t("Before the @, only letters, digits and . _ ' + - are accepted, and the last character cannot be ' or a dot.");
    }
    if (reason === "tld") return _t("{domain} does not end in a top-level domain such as .com or .org.", { domain: part });
    if (reason === "special-use") return _t("{domain} is a special-use name that cannot receive email.", { domain: part });
    if (reason === "length") return _t("Has {length} characters, but an email address has at most 254.", { length: part });
    return _t("Not an email address.");
  }

  /** Why `text` is no absolute URI every validator accepts (formcore's _uri_problem). */
  function uriProblem(text) {
    const [reason, part] = uriRefusal(text) || ["form", text];
    if (reason === "ip-future") return _t("{host} is no IP address: only an IPv6 address can stand in brackets.", { host: part });
    if (reason === "port") return _t("There is no port {port}: a port is a number from 0 to 65535.", { port: part });
    if (reason === "host-needed") return _t("A user name or a port needs a host name to go with it.");
    if (reason === "no-host") {
      return _t("After {scheme}: must come // and a host name, as in {scheme}://example.com/.", { scheme: part });
    }
    if (reason === "file-authority") return _t("A file URI cannot have a user name or a port.");
    if (reason === "host-percent") return _t("{host}: a host name cannot contain a percent-escape such as %41.", { host: part });
    if (reason === "punycode") return xnProblem(part);
    if (reason === "ipv4") {
      return _t("{host} ends in a number, so it must be an IPv4 address such as 192.0.2.1, and it is not one.", { host: part });
    }
    return _t("Not an absolute URI.");
  }

  /** Why a time of day of the right form does not exist, or null (formcore's _clock_problem). */
  function clockProblem(hour, minute, second) {
    if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) {
      return _t("There is no time {time}.", { time: `${hour}:${minute}:${second}` });
    }
    if (Number(second) === 60) return _t("Second 60 (a leap second) is not accepted.");
    return null;
  }

  function offsetProblem(sign, hours, minutes) {
    if (sign !== undefined && (Number(hours) > 23 || Number(minutes) > 59)) {
      return _t("There is no UTC offset {offset}.", { offset: `${sign}${hours}:${minutes}` });
    }
    return null;
  }

  function dateTimeProblem(text) {
    const m = DATE_TIME_RE.exec(text);
    if (m === null) {
      if (LOWER_DATE_TIME_RE.test(text)) {
        const fixed = `${text.slice(0, 10)}T${text.slice(11, -1)}${text.slice(-1).toUpperCase()}`;
        return _t("Write {fixed}: some servers refuse t, z or a space there.", { fixed });
      }
      return _t("Not in the form YYYY-MM-DDThh:mm:ss+hh:mm.");
    }
    return (
      dateProblem(m[1], m[2], m[3]) ||
      clockProblem(m[4], m[5], m[6]) ||
      offsetProblem(m[8], m[9], m[10]) ||
      _t("Not a date and time.")
    );
  }

  function timeProblem(text) {
    const naive = NAIVE_TIME_RE.exec(text);
    if (timeRefusal(text) === "offset" && naive !== null) {
      const time = `${naive[1]}${naive[2] === undefined ? ":00" : naive[2]}`;
      return _t("Add the UTC offset of its time zone, as in {time}+01:00, or {time}Z for UTC.", { time });
    }
    const m = TIME_RE.exec(text);
    if (m === null) return _t("Not in the form hh:mm:ss+hh:mm.");
    return clockProblem(m[1], m[2], m[3]) || offsetProblem(m[5], m[6], m[7]) || _t("Not a time.");
  }

  function uuidProblem(text) {
    if (LOOSE_UUID_RE.test(text)) {
      return _t("Write the UUID as 36 characters, 32 hexadecimal digits with hyphens in groups of 8-4-4-4-12, without braces or urn:uuid:.");
    }
    return _t("Not a UUID: 32 hexadecimal digits (0-9, a-f) in groups of 8-4-4-4-12.");
  }

  function ipv4Problem(text) {
    const reason = ipv4Refusal(text);
    if (reason === "zero") {
      return _t("A number of an IPv4 address cannot start with 0: some servers read it as octal.");
    }
    if (reason === "range") return _t("Each number of an IPv4 address is from 0 to 255.");
    return _t("Not an IPv4 address: four numbers from 0 to 255, separated by dots.");
  }

  function ipv6Problem(text) {
    const reason = ipv6Refusal(text);
    if (reason === "zone") return _t("An IPv6 address here cannot have a zone (the part from %).");
    if (reason === "ipv4-tail") {
      return _t("An IPv4 address at the end of an IPv6 address is accepted only after :: or ::ffff:, as in ::ffff:192.0.2.1.");
    }
    return _t("Not an IPv6 address.");
  }

  function hostnameProblem(text) {
    if (text.replace(/\.+$/, "").length > 253 && HOSTNAME_RE.test(text)) {
      return _t("Has {length} characters, but a host name has at most 253.", { length: text.length });
    }
    return _t("Not a host name: labels of 1 to 63 letters, digits or inner hyphens, joined by dots.");
  }

  function durationProblem(text) {
    if (durationRefusal(text) === "long") return _t("This duration is too long for servers to read.");
    return _t(
      "Not an ISO 8601 duration: P, then whole numbers of Y (years), M (months), D (days), then T and H (hours), M (minutes), S (seconds); or P and W (weeks) alone.",
    );
  }

  /** Why `text` is no value of the string format `format` (which refused it). */
  const FORMAT_PROBLEMS = {
    email: emailProblem,
    uri: uriProblem,
    date: (text) => {
      const m = DATE_RE.exec(text);
      if (m === null) return _t("Not in the form YYYY-MM-DD.");
      return dateProblem(m[1], m[2], m[3]) || _t("Not a date.");
    },
    "date-time": dateTimeProblem,
    time: timeProblem,
    uuid: uuidProblem,
    ipv4: ipv4Problem,
    ipv6: ipv6Problem,
    hostname: hostnameProblem,
    duration: durationProblem,
  };
  const formatProblem = (format, text) => FORMAT_PROBLEMS[format](text);

  // --- Showing text safely: safeText, safeBlock, clip (safetext.js, before this script) -------

  const LONE_SURROGATE_RE = /[\ud800-\udfff]/u;

  // JSON Schema counts characters as code points; String.length counts UTF-16 units.
  const codePoints = (text) => [...text].length;
  const num = (n) => String(n);

  function optionValues(prop) {
    if (own(prop, "enum")) return prop.enum;
    if (own(prop, "oneOf")) return prop.oneOf.map((o) => o.const);
    if (own(prop, "const") && prop.type === "string") return [prop.const];
    const items = own(prop, "items") ? prop.items : null;
    if (items !== null && typeof items === "object") {
      if (own(items, "enum")) return items.enum;
      if (own(items, "anyOf")) return items.anyOf.map((o) => o.const);
    }
    return null;
  }

  // --- Patterns: pattern.js (before this script), formcore's matches_pattern ----------------

  /** Compiled patterns by their text; a pattern the engine refuses is null (EG112 reports it). */
  const PATTERNS = new Map();

  /** Whether `text` has the form `pattern` describes for every engine a server may check it
   * with; false for a pattern the engine refuses. (A page carries the engine only when a field
   * has a pattern: targets/html.py.) */
  function matchesPattern(pattern, text) {
    if (typeof ElicitPattern === "undefined") return false;
    if (!PATTERNS.has(pattern)) {
      let compiled = null;
      try {
        compiled = ElicitPattern.compilePattern(pattern);
      } catch (error) {
        if (!(error instanceof ElicitPattern.PatternError)) throw error;
      }
      PATTERNS.set(pattern, compiled);
    }
    const compiled = PATTERNS.get(pattern);
    return compiled !== null && compiled.search(text);
  }

  /** A date-time with a numeric offset as the same instant in UTC written with Z, its fraction
   * kept; null for one already in Z, or one whose UTC year leaves 1 to 9999 (formcore's). */
  function utcText(text) {
    const m = DATE_TIME_RE.exec(text);
    if (m === null || m[8] === undefined) return null;
    const moment = new Date(0);
    moment.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    moment.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), 0);
    const minutes = (Number(m[9]) * 60 + Number(m[10])) * (m[8] === "-" ? -1 : 1);
    moment.setTime(moment.getTime() - minutes * 60000);
    const year = moment.getUTCFullYear();
    if (year < 1 || year > 9999) return null;
    const two = (n) => String(n).padStart(2, "0");
    const day = `${String(year).padStart(4, "0")}-${two(moment.getUTCMonth() + 1)}-${two(moment.getUTCDate())}`;
    const clock = `${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}:${two(moment.getUTCSeconds())}`;
    return `${day}T${clock}${m[7] || ""}Z`;
  }

  /** The date-time `value` the page made for the field `name`, spelt as its pattern takes it:
   * the same instant in UTC with Z when the pattern refuses the offset and takes that (zod's
   * z.iso.datetime() takes nothing else); formcore's fit_date_time. */
  function fitDateTime(name, value) {
    const prop = properties[name];
    if (prop.format !== "date-time" || !own(prop, "pattern") || typeof prop.pattern !== "string") return value;
    if (!isDateTime(value) || matchesPattern(prop.pattern, value)) return value;
    const utc = utcText(value);
    return utc === null || checkValue(name, utc) !== null ? value : utc;
  }

  // --- Exact numbers ---------------------------------------------------------------------------
  // A number reaches the server as JSON text, JSON.stringify's shortest text that reads back as
  // the same double. A Python server reads digits-only text as an exact integer and any other
  // text as that double; Ajv compares doubles. So a value is checked as the server reads its
  // text, against the schema's bound as the schema wrote it (kept as JSON text in the page data,
  // as a bound beyond 2^53 does not survive JSON.parse), in exact rational arithmetic (BigInt).

  const INTEGER_TEXT_RE = /^-?[0-9]+$/;

  /** The exact value of a finite double, as [numerator, denominator] (a power of two). */
  function doubleRational(x) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    const high = view.getUint32(0);
    const exponent = (high >>> 20) & 0x7ff;
    let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
    let power = -1074;
    if (exponent !== 0) {
      mantissa |= 1n << 52n;
      power = exponent - 1075;
    }
    if (high >>> 31) mantissa = -mantissa;
    return power >= 0 ? [mantissa << BigInt(power), 1n] : [mantissa, 1n << BigInt(-power)];
  }

  /** The exact value a server reads from the JSON number text `text`. */
  function readsAs(text) {
    return INTEGER_TEXT_RE.test(text) ? [BigInt(text), 1n] : doubleRational(Number(text));
  }

  /** -1, 0 or 1 as the rational a is below, equal to or above b (denominators positive). */
  function compareExact(a, b) {
    const left = a[0] * b[1];
    const right = b[0] * a[1];
    return left < right ? -1 : left > right ? 1 : 0;
  }

  const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "const"];

  /** A number keyword of the schema: its exact value, its JSON text, the double Ajv reads and
   * how it is shown. */
  const numberKeyword = (json, text) => ({ exact: readsAs(json), json, double: Number(json), text });

  /** `a > b` both exactly and as doubles (formcore's _above): Ajv compares doubles, so 2^53 + 1
   * is not above 2^53 for it. */
  const above = (a, b) => compareExact(a.exact, b.exact) > 0 && a.double > b.double;

  const DECIMAL_TEXT_RE = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

  /** The decimal value of JSON number text, as [digits (BigInt), power of ten]. */
  function decimalOf(text) {
    const m = DECIMAL_TEXT_RE.exec(text);
    const fraction = m[3] || "";
    return [BigInt(m[1] + m[2] + fraction), Number(m[4] || 0) - fraction.length];
  }

  /** Whether `value` is a multiple of `step` for every validator (formcore's _multiple): true
   * when it is one in decimal as written, as Ajv computes it in doubles (`q === parseInt(q)`
   * for q = value / step, which fails from 1e21 on) and, in a number field (`binary`), as
   * pydantic-core does; false when it is none, null when it is one in decimal only (0.3 of 0.1:
   * 0.3 / 0.1 is 2.9999999999999996; 100000000.07 of 0.01 for pydantic). */
  function isMultiple(value, step, binary) {
    const [a, ea] = decimalOf(value.json);
    const [b, eb] = decimalOf(step.json);
    const e = Math.min(ea, eb);
    const x = a * 10n ** BigInt(ea - e);
    const y = b * 10n ** BigInt(eb - e);
    if (x % y !== 0n) return false;
    const quotient = value.double / step.double;
    if (!(Number.isInteger(quotient) && Math.abs(quotient) < 1e21)) return null;
    return !binary || pydanticMultiple(value.double, step.double) ? true : null;
  }

  /** pydantic-core's multiple_of of a float (formcore's _pydantic_multiple): value / step
   * rounded half away from zero (not Math.round's half up), times step, within 1e-9 of value. */
  function pydanticMultiple(value, step) {
    const quotient = value / step;
    let rounded = Math.trunc(quotient);
    if (Math.abs(quotient - rounded) >= 0.5) rounded += Math.sign(quotient);
    return !(Math.abs(value - rounded * step) > 1e-9);
  }

  /** Each number field's bounds: exact values and their text, by property name. */
  const BOUNDS = new Map();
  for (const spec of data.fields) {
    if (spec.kind !== "number") continue;
    const bounds = {};
    for (const key of NUMBER_KEYWORDS) {
      if (own(spec, key)) bounds[key] = numberKeyword(spec[key][0], spec[key][1]);
    }
    BOUNDS.set(spec.name, bounds);
  }

  /** Each select of numbers' options, exactly (the page data keeps their JSON text: an integer
   * beyond 2^53 does not survive JSON.parse), by property name. */
  const EXACT_OPTIONS = new Map();
  for (const spec of data.fields) {
    if (own(spec, "options")) EXACT_OPTIONS.set(spec.name, spec.options.map(readsAs));
  }

  /** Which of `options` (strings, or numbers) `value` is, by JSON equality (formcore's
   * option_index): 1.0 is the option 1, -0 the option 0; true and "1" are no option 1. Numbers
   * are compared exactly, with each option as the schema wrote it. */
  function optionIndex(name, options, value) {
    if (typeof value === "string") {
      const index = options.findIndex((o) => typeof o === "string" && o === value);
      return index >= 0 ? index : null;
    }
    if (typeof value !== "number" || !Number.isFinite(value)) return null;
    const exact = EXACT_OPTIONS.get(name);
    const sent = readsAs(JSON.stringify(value));
    const index = options.findIndex((o, i) => {
      if (typeof o !== "number") return false;
      const option = exact !== undefined ? exact[i] : readsAs(JSON.stringify(o));
      return compareExact(sent, option) === 0;
    });
    return index >= 0 ? index : null;
  }

  /** A bound of the number property `name`: from the page data, else from the parsed schema. */
  function boundOf(name, prop, key) {
    const known = BOUNDS.get(name);
    if (known !== undefined) return own(known, key) ? known[key] : null;
    if (!own(prop, key) || typeof prop[key] !== "number") return null;
    return numberKeyword(JSON.stringify(prop[key]), num(prop[key]));
  }

  function checkValue(name, value) {
    const prop = properties[name];
    const kind = prop.type;
    if (value === null || value === undefined) return _t("Must have a value (null is not allowed).");
    if (kind === "boolean") {
      if (typeof value !== "boolean") return _t("Must be true or false.");
      if (own(prop, "const") && value !== prop.const) return _t("Must be {value}.", { value: String(prop.const) });
      return null;
    }
    if (kind === "number" || kind === "integer") {
      if (typeof value !== "number") return _t("Must be a number.");
      const options = optionValues(prop);
      if (options !== null) {
        // a select of numbers: its options are valid numbers
        return optionIndex(name, options, value) !== null ? null : _t("Must be one of the listed options.");
      }
      if (!Number.isFinite(value)) return _t("Must be a finite number.");
      // JavaScript cannot tell 5 from 5.0: the page sends what JSON.stringify writes, 5, which
      // is an int for every server (formcore refuses a Python float 5.0, which pydantic's strict
      // int refuses). 1e21 and beyond JSON.stringify writes with an exponent: no int either.
      if (kind === "integer" && !Number.isInteger(value)) return _t("Must be a whole number.");
      if (kind === "integer" && Math.abs(value) >= 1e21) {
        return _t("Must be a whole number, written without a decimal point or exponent.");
      }
      const sent = numberKeyword(JSON.stringify(value), num(value));
      const minimum = boundOf(name, prop, "minimum");
      const maximum = boundOf(name, prop, "maximum");
      if (minimum !== null && compareExact(sent.exact, minimum.exact) < 0) {
        return _t("Must be at least {minimum}.", { minimum: minimum.text });
      }
      if (maximum !== null && compareExact(sent.exact, maximum.exact) > 0) {
        return _t("Must be at most {maximum}.", { maximum: maximum.text });
      }
      const low = boundOf(name, prop, "exclusiveMinimum");
      if (low !== null && !above(sent, low)) return _t("Must be more than {bound}.", { bound: low.text });
      const high = boundOf(name, prop, "exclusiveMaximum");
      if (high !== null && !above(high, sent)) return _t("Must be less than {bound}.", { bound: high.text });
      const step = boundOf(name, prop, "multipleOf");
      if (step !== null) {
        const multiple = isMultiple(sent, step, prop.type === "number");
        if (multiple === false) return _t("Must be a multiple of {step}.", { step: step.text });
        if (multiple === null) {
          return _t(
            "{value} is a multiple of {step}, but servers that compute in binary floating point would refuse it: enter another multiple.",
            { value: sent.text, step: step.text },
          );
        }
      }
      const fixed = boundOf(name, prop, "const");
      if (fixed !== null && !(compareExact(sent.exact, fixed.exact) === 0 && sent.double === fixed.double)) {
        return _t("Must be {value}.", { value: fixed.text });
      }
      return null;
    }
    if (kind === "string") {
      if (typeof value !== "string") return _t("Must be text.");
      const options = optionValues(prop);
      if (options !== null) {
        return optionIndex(name, options, value) !== null ? null : _t("Must be one of the listed options.");
      }
      // A lone surrogate is not Unicode text: JSON.stringify writes it as an escape that no
      // server can turn into UTF-8 (the Python forms refuse it too).
      if (LONE_SURROGATE_RE.test(value)) {
        return _t("Must be valid Unicode text (it holds a surrogate code point).");
      }
      const length = codePoints(value);
      const lo = own(prop, "minLength") ? prop.minLength : null;
      const hi = own(prop, "maxLength") ? prop.maxLength : null;
      if ((lo !== null && length < lo) || (hi !== null && length > hi)) {
        const shown = length ? _tn("Has {n} character", "Has {n} characters", length) : _t("Is empty");
        return needed(shown, length, lo, hi);
      }
      // zod 3 counts a maximum length in UTF-16 units (String.length): a text must fit both.
      if (hi !== null && value.length > hi) {
        return _tn(
          "{shown}, but some servers count emoji and other rare characters twice: {units} by their count, and at most {n} is allowed.",
          "{shown}, but some servers count emoji and other rare characters twice: {units} by their count, and at most {n} are allowed.",
          hi,
          { shown: _tn("Has {n} character", "Has {n} characters", length), units: value.length },
        );
      }
      const format = own(prop, "format") ? prop.format : null;
      if (own(FORMAT_CHECKS, format) && !FORMAT_CHECKS[format](value)) {
        return formatProblem(format, value);
      }
      if (own(prop, "pattern") && typeof prop.pattern === "string" && !matchesPattern(prop.pattern, value)) {
        return _t("Does not have the form the server expects.");
      }
      return null;
    }
    if (kind === "array") {
      const options = optionValues(prop) || [];
      // the items are of the options' type: strings, or numbers
      const type = options.some((o) => typeof o === "number") ? "number" : "string";
      if (!Array.isArray(value) || !value.every((v) => typeof v === type)) {
        return _t("Must be a list of choices.");
      }
      if (value.some((v) => optionIndex(name, options, v) === null)) {
        return _t("Must only contain the listed options.");
      }
      if (own(prop, "uniqueItems") && prop.uniqueItems === true && new Set(value).size !== value.length) {
        return _t("Must not choose an option more than once.");
      }
      const count = value.length;
      const lo = own(prop, "minItems") ? prop.minItems : null;
      const hi = own(prop, "maxItems") ? prop.maxItems : null;
      if ((lo !== null && count < lo) || (hi !== null && count > hi)) {
        const shown = count ? _t("{count} chosen", { count }) : _t("None chosen");
        return needed(shown, count, lo, hi);
      }
      return null;
    }
    return null;
  }

  /** Field name -> error message for every field of `content` that fails the schema. */
  function validate(content) {
    const errors = {};
    const put = (name, message) =>
      Object.defineProperty(errors, name, { value: message, enumerable: true, configurable: true });
    for (const name of own(schema, "required") ? schema.required : []) {
      if (!own(content, name)) put(name, _t("This field is required."));
    }
    const closed = own(schema, "additionalProperties") && schema.additionalProperties === false;
    for (const name of Object.keys(content)) {
      if (!own(properties, name)) {
        if (closed) put(name, _t("Is not a field of this form, which allows no other."));
        continue;
      }
      const problem = checkValue(name, content[name]);
      if (problem !== null) put(name, problem);
    }
    return errors;
  }

  // --- Dates and times --------------------------------------------------------------------------

  const pad = (n, width = 2) => String(n).padStart(width, "0");

  function offsetText(minutesEast) {
    const total = Math.round(Math.abs(minutesEast));
    return `${minutesEast < 0 ? "-" : "+"}${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
  }

  const LOCAL_RE = /^([0-9]{4,})-([0-9]{2})-([0-9]{2})T([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.[0-9]+)?)?$/;

  /** A local date-time at the wall-clock time of `text` ("YYYY-MM-DDTHH:MM[:SS]"), or null. */
  function localDate(text) {
    const m = LOCAL_RE.exec(text);
    if (m === null) return null;
    const [year, month, day, hour, minute, second] = m.slice(1, 7).map((p) => Number(p || "0"));
    const date = new Date(2000, 0, 1, 12);
    date.setFullYear(year, month - 1, day);
    date.setHours(hour, minute, second, 0);
    const exists =
      date.getFullYear() === year &&
      date.getMonth() === month - 1 &&
      date.getDate() === day &&
      date.getHours() === hour &&
      date.getMinutes() === minute;
    return { date, exists };
  }

  /** RFC 3339 text for a local wall-clock value, with the offset in force at that moment. An
   * offset in whole minutes is exact; a local mean time offset (+00:53:28 in Berlin before 1893)
   * is not, and RFC 3339 has no seconds in offsets: then the next whole-minute offset is sent
   * with the wall clock that makes the instant exact (never an instant 28 s off); the clock
   * moves forward by under a minute, so the date stays the one picked. */
  function wallClockToRfc3339(date) {
    const minutes = Math.ceil(-date.getTimezoneOffset());
    const wall = new Date(date.getTime() + minutes * 60000);
    return (
      `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
      `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}` +
      offsetText(minutes)
    );
  }

  /** The datetime-local value showing the instant `text` (RFC 3339) in the user's time zone. */
  function rfc3339ToLocalValue(text) {
    if (!isDateTime(text)) return "";
    const time = Date.parse(text.toUpperCase());
    if (Number.isNaN(time)) return "";
    const date = new Date(time);
    const seconds = date.getSeconds() ? `:${pad(date.getSeconds())}` : "";
    return (
      `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
      `T${pad(date.getHours())}:${pad(date.getMinutes())}${seconds}`
    );
  }

  // --- Numbers ----------------------------------------------------------------------------------

  const DECIMAL_RE = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;

  /** The exact whole number `text` denotes, as a BigInt; null when it is not a whole number. */
  function exactInteger(text) {
    const m = DECIMAL_RE.exec(text);
    if (m === null || (m[2] || m[3] || "") === "") return null;
    const fraction = m[3] || "";
    const scale = Number(m[4] || "0") - fraction.length;
    if (Math.abs(scale) > 400) return null;
    let digits = BigInt((m[2] || "0") + fraction);
    if (scale >= 0) {
      digits *= 10n ** BigInt(scale);
    } else {
      const divisor = 10n ** BigInt(-scale);
      if (digits % divisor !== 0n) return null;
      digits /= divisor;
    }
    return m[1] === "-" ? -digits : digits;
  }

  const MAX_EXACT = 2n ** 53n;

  /** Why a whole number cannot be sent as typed, with the nearest one that can, if any. */
  function tooLarge(value) {
    const sent = JSON.stringify(value);
    const exact = INTEGER_TEXT_RE.test(sent) && compareExact(readsAs(sent), doubleRational(value)) === 0;
    const max = String(MAX_EXACT);
    if (exact) {
      return _t(
        "Too large to send exactly (JavaScript numbers are exact up to {max}); the nearest number that can be sent is {nearest}.",
        { max, nearest: sent },
      );
    }
    return _t("Too large to send exactly (JavaScript numbers are exact up to {max}); enter a smaller number.", { max });
  }

  // --- The fields -------------------------------------------------------------------------------

  const REQUIRED = _t("This field is required.");
  const required = new Set(own(schema, "required") ? schema.required : []);

  function setOwn(object, key, value) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }

  /** One field: reads its control(s) into {present, value} or {error}. */
  function makeField(spec) {
    const prop = properties[spec.name];
    const field = {
      name: spec.name,
      kind: spec.kind,
      prop,
      required: required.has(spec.name),
      container: null,
      controls: [],
      error: byId(`${spec.id}_err`),
      dirty: false,
      shown: false,
    };
    const element = byId(spec.id);
    if (spec.kind === "multi") {
      field.container = element;
      field.controls = Array.from(element.querySelectorAll("input[type=checkbox]"));
    } else {
      field.container = element.closest(".field");
      field.controls = [element];
    }
    field.control = field.controls[0] || element;
    field.lines = spec.lines === true; // a <textarea>: line breaks are shown as such
    if (spec.kind === "datetime") {
      field.zone = byId(`${spec.id}_tz`);
      setDateTime(field, own(prop, "default") ? prop.default : "");
    } else if (spec.kind === "text") {
      setText(field, own(prop, "default") ? prop.default : "");
    }
    field.read = () => readField(field);
    return field;
  }

  /** Shows a text value with its unsafe characters as visible escapes (an input would drop line
   * breaks and the screen would act on controls), remembering it to send it unchanged. */
  function setText(field, value) {
    field.initial = typeof value === "string" ? value : "";
    field.control.value = field.lines ? safeBlock(field.initial) : safeText(field.initial);
    // What the control holds now (the browser may normalise it): unchanged means untouched.
    field.initialShown = field.control.value;
  }

  /** Shows an RFC 3339 value in the user's local time, remembering it to send it unchanged. */
  function setDateTime(field, value) {
    field.initial = typeof value === "string" && isDateTime(value) ? value : "";
    field.initialLocal = field.initial === "" ? "" : rfc3339ToLocalValue(field.initial);
    field.control.value = field.initialLocal;
  }

  /** Puts a content value (as it would be delivered) into the field's control(s). */
  function setValue(field, value) {
    const control = field.control;
    const options = optionValues(field.prop);
    switch (field.kind) {
      case "text":
        setText(field, value);
        break;
      case "datetime":
        setDateTime(field, value);
        break;
      case "number":
        control.value = typeof value === "number" && Number.isFinite(value) ? String(value) : "";
        break;
      case "boolean":
        control.checked = value === true;
        field.dirty = typeof value === "boolean";
        break;
      case "select": {
        const index = optionIndex(field.name, options, value);
        control.value = index !== null ? String(index) : "";
        break;
      }
      case "multi": {
        const chosen = Array.isArray(value) ? value : [];
        const picked = new Set(chosen.map((v) => optionIndex(field.name, options, v)));
        for (const box of field.controls) box.checked = picked.has(Number(box.value));
        break;
      }
      default:
        break;
    }
    showError(field, "");
    refreshZone(field);
  }

  const absent = { present: false };
  const fail = (error) => ({ error });

  function readText(field, text) {
    if (text === "") return field.required ? fail(REQUIRED) : absent;
    const problem = checkValue(field.name, text);
    return problem === null ? { present: true, value: text } : fail(problem);
  }

  function readField(field) {
    const control = field.control;
    const prop = field.prop;
    switch (field.kind) {
      case "text":
        if (control.value === "" && control.validity.badInput) {
          return fail(_t("Enter a complete date, such as 2025-06-18."));
        }
        // A value the user left alone is sent exactly as it was given (line breaks, controls).
        if (control.value === field.initialShown && field.initial !== "") {
          return readText(field, field.initial);
        }
        return readText(field, control.value);
      case "datetime": {
        const text = control.value;
        if (text === "") {
          if (control.validity.badInput) return fail(_t("Enter a complete date and time."));
          return field.required ? fail(REQUIRED) : absent;
        }
        // An initial value the user left alone is sent as it was given, offset included.
        if (text === field.initialLocal && field.initial !== "") return readText(field, field.initial);
        const local = localDate(text);
        if (local === null) return fail(_t("Enter a complete date and time."));
        if (!local.exists) {
          return fail(_t("That time does not exist in your time zone (the clocks change then)."));
        }
        // spelt as the field's pattern takes it (zod's z.iso.datetime() takes only Z)
        return readText(field, fitDateTime(field.name, wallClockToRfc3339(local.date)));
      }
      case "number": {
        const text = control.value;
        if (text === "") {
          if (control.validity.badInput) return fail(_t("Must be a number."));
          return field.required ? fail(REQUIRED) : absent;
        }
        const value = Number(text);
        if (!Number.isFinite(value)) return fail(_t("Must be a finite number."));
        const whole = exactInteger(text);
        if (prop.type === "integer" && whole === null) return fail(_t("Must be a whole number."));
        // A whole number must reach the server as typed: as digits (not 1e+21, read as a
        // double) that read back as exactly the typed value (beyond 2^53 most cannot).
        const mustBeExact = prop.type === "integer" || /^[+-]?[0-9]+$/.test(text);
        const sent = JSON.stringify(value);
        if (mustBeExact && !(INTEGER_TEXT_RE.test(sent) && BigInt(sent) === whole)) {
          return fail(tooLarge(value));
        }
        const problem = checkValue(field.name, value);
        return problem === null ? { present: true, value } : fail(problem);
      }
      case "boolean":
        if (field.required || field.dirty || own(prop, "default")) {
          return { present: true, value: control.checked };
        }
        return absent;
      case "select": {
        if (control.value === "") {
          return field.required ? fail(_t("Choose one of the options.")) : absent;
        }
        const value = optionValues(prop)[Number(control.value)];
        const problem = checkValue(field.name, value);
        return problem === null ? { present: true, value } : fail(problem);
      }
      case "multi": {
        const options = optionValues(prop);
        const value = field.controls.filter((c) => c.checked).map((c) => options[Number(c.value)]);
        if (value.length === 0 && !field.required) return absent;
        const problem = checkValue(field.name, value);
        return problem === null ? { present: true, value } : fail(problem);
      }
      default:
        return fail(_t("Unsupported field."));
    }
  }

  function showError(field, message) {
    field.shown = Boolean(message);
    field.error.textContent = message || "";
    field.container.classList.toggle("invalid", field.shown);
    for (const control of field.controls) {
      if (field.shown) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  }

  function refreshZone(field) {
    if (!field.zone) return;
    const local = localDate(field.control.value);
    const date = local !== null && local.exists ? local.date : new Date();
    // TRANSLATORS: the end of the hint "In your time zone (UTC+01:00)."
    field.zone.textContent = _t("(UTC{offset}).", { offset: offsetText(-date.getTimezoneOffset()) });
  }

  const fields = data.fields.map(makeField);
  const form = byId("eg-form");
  const body = byId("eg-body");
  const status = byId("eg-status");
  const done = byId("eg-done");
  const confirmBox = byId("eg-confirm");
  const server = byId("eg-server");
  const message = byId("eg-message");
  const DEFAULT_SERVER = server.textContent;
  const params = new URLSearchParams(window.location.search);
  // Opt-in for pages shown in a (cross-origin) frame: ?origin=<the embedder's origin> also posts
  // the result to the parent window, to that origin only.
  const postTo = params.get("origin");
  let delivered = null;

  const statusText = (count) =>
    _tn("Please correct the highlighted field.", "Please correct the {n} highlighted fields.", count);

  /** Keeps the count of the last submit's summary up to date (only once there is one). */
  function refreshStatus() {
    if (status.textContent === "") return;
    const count = fields.filter((f) => f.shown).length;
    const text = count === 0 ? "" : statusText(count);
    if (status.textContent !== text) status.textContent = text;
  }

  // --- Errors shown on leaving a field never move what the user is clicking ------------------
  // A click moves the focus on mousedown, before the button is released: an error shown then
  // pushes the rest of the form down, and the click lands below what was aimed at (or on empty
  // space). While a pointer is down, errors shown by leaving a field wait until the click is
  // over (the task after pointerup, when the click has been dispatched); by keyboard they show
  // at once.
  let pointerDown = false;
  let waiting = [];

  function showWaiting() {
    const pending = waiting;
    waiting = [];
    if (delivered) return;
    for (const run of pending) run();
  }

  function pointerReleased() {
    if (!pointerDown) return;
    pointerDown = false;
    setTimeout(showWaiting, 0);
  }

  doc.addEventListener("pointerdown", () => {
    pointerDown = true;
  }, true);
  for (const type of ["pointerup", "pointercancel", "dragend"]) {
    window.addEventListener(type, pointerReleased, true);
  }
  // A press whose release the page never saw (on a scrollbar, outside the window) ends at the
  // next key or when the window loses focus, so errors never wait for good.
  window.addEventListener("blur", pointerReleased);
  doc.addEventListener("keydown", pointerReleased, true);

  /** Runs `update` now, or once the pointer that is down has been released. */
  function whenSettled(update) {
    if (pointerDown) waiting.push(update);
    else update();
  }

  for (const field of fields) {
    refreshZone(field);
    const onEdit = () => {
      field.dirty = true;
      refreshZone(field);
      // A shown error follows the edits, so it goes away as soon as the value is right.
      if (field.shown) {
        showError(field, field.read().error);
        refreshStatus();
      }
    };
    field.container.addEventListener("input", onEdit);
    field.container.addEventListener("change", onEdit);
    field.container.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (delivered || !field.dirty || field.container.contains(next)) return;
      // Going to a button: Submit checks every field anyway, Decline and Cancel need no check.
      if (next instanceof HTMLButtonElement) return;
      whenSettled(() => {
        if (!field.dirty) return;
        showError(field, field.read().error);
        refreshStatus();
      });
    });
  }

  // --- Delivery ---------------------------------------------------------------------------------

  let resolveResult;
  const result = new Promise((resolve) => {
    resolveResult = resolve;
  });

  function deepFreeze(value) {
    if (value !== null && typeof value === "object") {
      Object.values(value).forEach(deepFreeze);
      Object.freeze(value);
    }
    return value;
  }

  const DONE_TEXT = {
    accept: _t("Thank you. Your answers were sent."),
    decline: _t("You declined this request."),
    cancel: _t("You cancelled this request."),
  };

  function deliver(outcome) {
    if (delivered) return;
    delivered = deepFreeze(outcome);
    if (confirmBox.open) confirmBox.close();
    for (const button of confirmBox.querySelectorAll("button")) button.disabled = true;
    body.disabled = true;
    form.classList.add("sent");
    status.textContent = "";
    done.textContent = DONE_TEXT[outcome.action];
    done.dataset.action = outcome.action;
    done.hidden = false;
    done.focus();
    resolveResult(delivered);
    doc.dispatchEvent(new CustomEvent("elicitation-result", { detail: delivered }));
    if (postTo !== null && window.parent !== window) {
      try {
        window.parent.postMessage({ type: "elicitation-result", result: delivered }, postTo);
      } catch (error) {
        console.error(`elicitation: cannot post the result to origin ${JSON.stringify(postTo)}`);
      }
    }
  }

  function accept() {
    if (delivered) return;
    const content = {};
    const invalid = [];
    for (const field of fields) {
      const outcome = field.read();
      showError(field, outcome.error);
      if (outcome.error) invalid.push(field);
      else if (outcome.present) setOwn(content, field.name, outcome.value);
    }
    // A second, independent check of the whole content against the schema.
    const problems = validate(content);
    for (const field of fields) {
      if (own(problems, field.name) && !invalid.includes(field)) {
        showError(field, problems[field.name]);
        invalid.push(field);
      }
    }
    if (invalid.length) {
      status.textContent = statusText(invalid.length);
      invalid[0].control.focus();
      return;
    }
    deliver({ action: "accept", content });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    accept();
  });
  byId("eg-decline").addEventListener("click", () => deliver({ action: "decline" }));
  byId("eg-cancel").addEventListener("click", () => deliver({ action: "cancel" }));

  // --- Keys that send or discard everything ---------------------------------------------------
  // Enter submits only from a one-line text box (as in any HTML form) or the focused Submit
  // button; on a checkbox, a select or a button it does what that control does, never submit.
  // Ctrl+Enter (Cmd+Enter) submits from a multi-line box, where Enter starts a new line.
  const SUBMITS_ON_ENTER = new Set(["text", "email", "url", "number", "date", "datetime-local"]);

  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing || delivered) return;
    const target = event.target;
    if (target instanceof HTMLTextAreaElement) {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        form.requestSubmit();
      }
      return;
    }
    if (target instanceof HTMLInputElement && !SUBMITS_ON_ENTER.has(target.type)) {
      event.preventDefault();
    }
  });

  // Escape on a form the user has changed asks first ("Discard your answers?", Keep editing
  // has the focus); an unchanged form cancels at once, as does the Cancel button.
  let baseline = "";

  /** What every control shows: compared with the baseline, says whether the user changed it. */
  function snapshot() {
    return JSON.stringify(
      fields.map((f) => f.controls.map((c) => (c.type === "checkbox" ? c.checked : c.value))),
    );
  }

  const changed = () => snapshot() !== baseline;
  let focusBeforeConfirm = null;

  function askToDiscard() {
    focusBeforeConfirm = doc.activeElement;
    confirmBox.showModal();
    byId("eg-keep").focus();
  }

  byId("eg-keep").addEventListener("click", () => confirmBox.close());
  byId("eg-discard").addEventListener("click", () => {
    focusBeforeConfirm = null;
    confirmBox.close();
    deliver({ action: "cancel" });
  });
  confirmBox.addEventListener("close", () => {
    const back = focusBeforeConfirm;
    focusBeforeConfirm = null;
    if (!delivered && back instanceof HTMLElement && back.isConnected) back.focus();
  });

  doc.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.isComposing || event.defaultPrevented || delivered) return;
    if (confirmBox.open) return; // the dialog's own Escape: keep editing
    event.preventDefault();
    if (changed()) askToDiscard();
    else deliver({ action: "cancel" });
  });
  // Closing or leaving the page without an answer cancels.
  window.addEventListener("pagehide", () => deliver({ action: "cancel" }));

  // --- The page's API -----------------------------------------------------------------------------

  function setServer(name) {
    const text = name === null || name === undefined ? "" : String(name);
    // A server's name is one short line, however long it is sent: clipped first.
    server.textContent = text.trim() === "" ? DEFAULT_SERVER : safeText(clip(text));
  }

  /** Fills fields from content-shaped values ({name: value}); other fields keep theirs. */
  function setValues(values) {
    if (delivered || values === null || typeof values !== "object") return;
    for (const field of fields) {
      if (own(values, field.name)) setValue(field, values[field.name]);
    }
    baseline = snapshot(); // values the host gives are not the user's changes
    refreshStatus();
  }

  function setMessage(text) {
    if (text !== null && text !== undefined) message.textContent = safeBlock(String(text));
  }

  setServer(params.get("server"));
  baseline = snapshot();

  Object.defineProperty(window, "elicitation", {
    value: Object.freeze({
      result,
      setServer,
      setMessage,
      setValues,
      validate,
      get schema() {
        return JSON.parse(byId("eg-data").textContent).schema;
      },
    }),
    enumerable: true,
  });
})();