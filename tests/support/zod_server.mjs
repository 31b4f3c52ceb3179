// A TypeScript MCP server as TypeScript servers are written: zod objects turned into the
// `requestedSchema` of an elicitation, three ways (zod 3 with zod-to-json-schema, zod 4's
// `z.toJSONSchema`, and the MCP SDK's own zod 4 converter `toJsonSchemaCompat`), sent with the
// real `@modelcontextprotocol/sdk` `Server.elicitInput` (which validates an accepted answer with
// its Ajv + ajv-formats), the content then parsed again with the zod object, as a server does.
//
//   node zod_server.mjs schemas   stdout: {"<id>": {"message", "requestedSchema"}} for every id
//   node zod_server.mjs check     stdin: [{"id", "content"}]; stdout: [{"ajv": bool, "zod": bool}]
//                                 (Ajv exactly as elicitInput runs it; zod's safeParse)
//   node zod_server.mjs serve     an MCP server over stdio, one tool per id (no arguments): it
//                                 elicits with the schema and replies with a JSON text
//                                 {"action", "content", "zod": bool, "issues"} or {"error"}
//
// An id is "<object>.<converter>", converter in zod3, zod4, sdk.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z as z4 } from "zod";
import { z as z3 } from "zod3";
import { zodToJsonSchema } from "zod-to-json-schema";

// A TypeScript string enum and a numeric enum, as `tsc` compiles them.
const Color = { Red: "red", Green: "green", Blue: "blue" };
const Level = { 0: "Low", 1: "Normal", 2: "High", Low: 0, Normal: 1, High: 2 };

// Each object written once per zod major version, in that version's own idiom
// (zod 4: z.email(), z.url(), z.iso.*, z.uuid(), z.ipv4(); zod 3: z.string().email(), ...).
const OBJECTS = {
  signup: {
    message: "Create your account",
    zod3: (z) => z.object({
      name: z.string().min(1).max(50).describe("Your full name"),
      email: z.string().email(),
      age: z.number().int().min(13).max(120).optional(),
      newsletter: z.boolean().default(false),
    }),
    zod4: (z) => z.object({
      name: z.string().min(1).max(50).describe("Your full name"),
      email: z.email(),
      age: z.number().int().min(13).max(120).optional(),
      newsletter: z.boolean().default(false),
    }),
  },
  website: {
    message: "Where can people find your work?",
    zod3: (z) => z.object({
      homepage: z.string().url(),
      description: z.string().max(200).optional(),
    }),
    zod4: (z) => z.object({
      homepage: z.url(),
      description: z.string().max(200).optional(),
    }),
  },
  order: {
    message: "How many do you need?",
    both: (z) => z.object({
      quantity: z.number().int().positive(),
      unitPrice: z.number().positive().max(10000),
      giftWrap: z.boolean().default(false),
    }),
  },
  ticket: {
    message: "Describe the problem",
    both: (z) => z.object({
      title: z.string().min(3).max(120),
      priority: z.enum(["low", "medium", "high"]).default("medium"),
    }),
  },
  theme: {
    message: "Pick a theme",
    both: (z) => z.object({
      color: z.nativeEnum(Color),
      level: z.nativeEnum(Level).default(Level.Normal),
    }),
  },
  toppings: {
    message: "Choose up to three toppings",
    both: (z) => z.object({
      toppings: z.array(z.enum(["cheese", "ham", "olives", "mushrooms"])).min(1).max(3),
    }),
  },
  meeting: {
    message: "When shall we meet?",
    zod3: (z) => z.object({
      start: z.string().datetime({ offset: true }),
      day: z.string().date(),
      durationMinutes: z.number().int().multipleOf(15).min(15).max(240).default(30),
    }),
    zod4: (z) => z.object({
      start: z.iso.datetime({ offset: true }),
      day: z.iso.date(),
      durationMinutes: z.number().int().multipleOf(15).min(15).max(240).default(30),
    }),
  },
  coupon: {
    message: "Redeem a coupon",
    both: (z) => z.object({
      code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
      percent: z.number().int().min(1).max(100),
    }),
  },
  profile: {
    message: "Tell us about yourself",
    both: (z) => z.object({
      nickname: z.string().optional(),
      bio: z.string().max(160).default(""),
      rating: z.number().min(0).max(5).default(3),
    }),
  },
  terms: {
    message: "Please accept the terms",
    both: (z) => z.object({
      accept: z.literal(true),
      note: z.string().optional(),
    }),
  },
  device: {
    message: "Register the device",
    // No zod 3 `.time()`: it refuses an offset, which ajv-formats' `time` requires, so no
    // answer would pass both (a server bug, not a form's).
    zod3: (z) => z.object({
      id: z.string().uuid(),
      address: z.string().ip({ version: "v4" }),
    }),
    zod4: (z) => z.object({
      id: z.uuid(),
      address: z.ipv4(),
      opensAt: z.iso.time(),
    }),
  },
};

const CONVERTERS = {
  // zod 3 + zod-to-json-schema, its defaults (draft-07, additionalProperties: false)
  zod3: () => null,
  // zod 4's own converter, its defaults (draft 2020-12, io "output": defaulted fields required)
  zod4: () => null,
  // the MCP SDK's converter for zod 4 (draft-07, io "input"), as it renders tool schemas
  sdk: () => null,
};

function zodObject(name, converter) {
  const spec = OBJECTS[name];
  if (converter === "zod3") return (spec.zod3 ?? spec.both)(z3);
  return (spec.zod4 ?? spec.both)(z4);
}

function jsonSchema(schema, converter) {
  if (converter === "zod3") return zodToJsonSchema(schema);
  if (converter === "zod4") return z4.toJSONSchema(schema);
  return toJsonSchemaCompat(schema);
}

function catalogue() {
  const out = {};
  for (const name of Object.keys(OBJECTS)) {
    for (const converter of Object.keys(CONVERTERS)) {
      const zod = zodObject(name, converter);
      out[`${name}.${converter}`] = {
        message: OBJECTS[name].message,
        zod,
        requestedSchema: jsonSchema(zod, converter),
      };
    }
  }
  return out;
}

function readStdin() {
  return new Promise((resolve) => {
    let input = "";
    process.stdin.setEncoding("utf8");
    process.stdin.on("data", (chunk) => { input += chunk; });
    process.stdin.on("end", () => resolve(input));
  });
}

function zodVerdict(zod, content) {
  const parsed = zod.safeParse(content);
  return { ok: parsed.success, issues: parsed.success ? [] : parsed.error.issues.map((i) => i.message) };
}

async function check(entries) {
  const input = JSON.parse(await readStdin());
  // One validator provider, as one Server has; elicitInput compiles the schema on every answer.
  const provider = new AjvJsonSchemaValidator();
  const compiled = new Map();
  const verdicts = input.map(({ id, content }) => {
    const entry = entries[id];
    let validate = compiled.get(id);
    if (validate === undefined) {
      validate = provider.getValidator(entry.requestedSchema);
      compiled.set(id, validate);
    }
    return { ajv: validate(content).valid === true, zod: zodVerdict(entry.zod, content).ok };
  });
  process.stdout.write(JSON.stringify(verdicts));
}

async function serve(entries) {
  const server = new McpServer({ name: "zod-forms", version: "1.0.0" });
  for (const [id, entry] of Object.entries(entries)) {
    server.registerTool(id, { description: `elicits ${id}`, inputSchema: {} }, async () => {
      let reply;
      try {
        const result = await server.server.elicitInput(
          { message: entry.message, requestedSchema: entry.requestedSchema },
          { timeout: 60_000 },
        );
        reply = { action: result.action, content: result.content ?? null };
        if (result.action === "accept") {
          const verdict = zodVerdict(entry.zod, result.content);
          reply.zod = verdict.ok;
          reply.issues = verdict.issues;
        }
      } catch (error) {
        reply = { error: String(error?.message ?? error) };
      }
      return { content: [{ type: "text", text: JSON.stringify(reply) }] };
    });
  }
  await server.connect(new StdioServerTransport());
}

const mode = process.argv[2];
const entries = catalogue();
if (mode === "schemas") {
  const out = {};
  for (const [id, entry] of Object.entries(entries)) {
    out[id] = { message: entry.message, requestedSchema: entry.requestedSchema };
  }
  process.stdout.write(JSON.stringify(out));
} else if (mode === "check") {
  await check(entries);
} else if (mode === "serve") {
  await serve(entries);
} else {
  process.stderr.write("usage: zod_server.mjs schemas|check|serve\n");
  process.exit(2);
}
