// The URL check's script runs as urlcheck_data.js holds them ("length.word" each, base 36),
// from the shorter form the module carries (elicit_gen/targets/web.py's _urlcheck_data): a run
// whose word is the next one not seen yet is its length alone.
function scriptRuns(text) {
  let next = 0;
  return text
    .split(",")
    .map((run) => (run.includes(".") ? run : `${run}.${(next++).toString(36)}`))
    .join(",");
}
