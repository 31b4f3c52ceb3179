// What a TypeScript server's zod parse says of a value of a string format: zod 3 (the schema
// zod-to-json-schema turns into `format: ...`) and zod 4 (the schema z.toJSONSchema turns into
// `format: ...`, often with a `pattern` beside it), each as servers write it.
// stdin: a JSON array of {"format": ..., "value": ...} (format "maxLength:N" checks .max(N));
// stdout: a JSON array of {"zod3": bool|null, "zod4": bool|null, "zod4Pattern": bool}: null
// where that zod has no schema sending the format; zod4Pattern is the verdict of the pattern
// zod 4 sends beside the format (true when it sends none), compiled as Ajv compiles it.
import { z as z4 } from "zod";
import { z as z3 } from "zod3";

// zod 3's .time() refuses any offset, which ajv-formats' `time` requires: no answer passes both
// (a server's contradiction); zod 4's z.iso.time() sends only a pattern, no format.
const ZOD3 = {
  email: () => z3.string().email(),
  uri: () => z3.string().url(),
  date: () => z3.string().date(),
  "date-time": () => z3.string().datetime({ offset: true }),
  uuid: () => z3.string().uuid(),
  ipv4: () => z3.string().ip({ version: "v4" }),
  ipv6: () => z3.string().ip({ version: "v6" }),
  duration: () => z3.string().duration(),
};
const ZOD4 = {
  email: () => z4.email(),
  uri: () => z4.url(),
  date: () => z4.iso.date(),
  "date-time": () => z4.iso.datetime({ offset: true }),
  uuid: () => z4.uuid(),
  ipv4: () => z4.ipv4(),
  ipv6: () => z4.ipv6(),
  hostname: () => z4.hostname(),
  duration: () => z4.iso.duration(),
};

function schemas(format) {
  if (format.startsWith("maxLength:")) {
    const n = Number(format.slice("maxLength:".length));
    return [z3.string().max(n), z4.string().max(n)];
  }
  return [ZOD3[format]?.() ?? null, ZOD4[format]?.() ?? null];
}

const cache = new Map();
function entry(format) {
  if (!cache.has(format)) {
    const [three, four] = schemas(format);
    let pattern = null;
    if (four !== null) {
      const sent = z4.toJSONSchema(four);
      if (sent.pattern !== undefined) pattern = new RegExp(sent.pattern, "u");
    }
    cache.set(format, { three, four, pattern });
  }
  return cache.get(format);
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const verdicts = JSON.parse(input).map(({ format, value }) => {
    const { three, four, pattern } = entry(format);
    return {
      zod3: three === null ? null : three.safeParse(value).success,
      zod4: four === null ? null : four.safeParse(value).success,
      zod4Pattern: pattern === null ? true : pattern.test(value),
    };
  });
  process.stdout.write(JSON.stringify(verdicts));
});
