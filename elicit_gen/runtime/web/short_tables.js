// Two of the URL check's tables as urlcheck_data.js holds them, from the shorter forms the module
// carries (elicit_gen/targets/web.py's _urlcheck_data): the URL check reads the page's text.

/** The script runs ("length.word" each, base 36): a run whose word is the next one not seen
 * yet is its length alone. */
function scriptRuns(text) {
  let next = 0;
  return text
    .split(",")
    .map((run) => (run.includes(".") ? run : `${run}.${(next++).toString(36)}`))
    .join(",");
}

/** Table B.2 where it is not lower-casing ("code:mapped.code…" each, base 36): each code is
 * the difference from the one before. */
function mappingTable(text) {
  let at = 0;
  return text
    .split(",")
    .map((entry) => {
      const [delta, mapped] = entry.split(":");
      at += parseInt(delta, 36);
      return `${at.toString(36)}:${mapped}`;
    })
    .join(",");
}
