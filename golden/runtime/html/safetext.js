// runtime/safetext.py's safe_text, safe_block and clip, with its UNSAFE_RE and MAX_NAME_LENGTH
// (generated just before this text: targets/html.py's safetext_data). Shared by the form page
// and the URL consent page. Only const bindings: in the page's one block, a function
// declaration would also become a global (sloppy-mode scripts hoist it to window).

/** An unsafe character's escape as Python's repr writes it (\n, \x1b, \u202e, \U000e0041). */
const escapeUnsafe = (char) => {
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  const code = char.codePointAt(0);
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
  return `\\U${code.toString(16).padStart(8, "0")}`;
};

/** `text` as one line shown literally: unsafe characters escaped, tabs as spaces. */
const safeText = (text) => text.replace(/\t/g, " ").replace(UNSAFE_RE, escapeUnsafe);

/** Multi-line text shown literally, its line breaks kept. */
const safeBlock = (text) => text.replace(/\r\n/g, "\n").split("\n").map(safeText).join("\n");

/** `text` cut to at most `limit` code points (as Python counts), "…" marking a cut. */
const clip = (text, limit = MAX_NAME_LENGTH) => {
  if (text.length <= limit) return text; // UTF-16 units: never fewer than code points
  let cut = 0; // where the first limit - 1 code points end
  let end = 0;
  for (let count = 0; count < limit; count += 1) {
    if (end >= text.length) return text;
    if (count === limit - 1) cut = end;
    end += text.codePointAt(end) > 0xffff ? 2 : 1;
  }
  return end >= text.length ? text : text.slice(0, cut) + "\u2026";
};