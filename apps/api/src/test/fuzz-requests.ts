import fc from 'fast-check';

/**
 * Requests for the API fuzz: every operation of the served OpenAPI document, from a valid base (a
 * worked example over the test's own data, or one made from the operation's request schemas) with
 * one to three mutations: wrong types, missing and extra fields and parameters, extreme numbers,
 * long, control, bidi and lone-surrogate text, deep nesting, big arrays, repeated query keys,
 * another content type, an empty or invalid body.
 *
 * What fast-check generates is small data (a mutation names a value by kind, e.g. "1000 nested
 * arrays"); the request, which may be megabytes, is built from it only when it is sent, so
 * generating and shrinking stay cheap and a counterexample prints in a few lines.
 */

export type JsonSchema = Record<string, unknown>;
export type Key = string | number;

export interface Param {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface FuzzOperation {
  /** "GET /v4/events": the method and the path as the document names it. */
  key: string;
  method: string;
  /** The path template, /v4 included (`/v4/media/{name}`). */
  path: string;
  pathParams: Param[];
  query: Param[];
  headers: Param[];
  /** The schema of the application/json request body, when the operation takes one. */
  body: JsonSchema | null;
}

/** A file sent as multipart/form-data, as the upload routes take it. */
export interface Upload {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A valid request of an operation: the mutations change one of its parts. */
export interface Example {
  path?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart upload instead of a JSON body. */
  upload?: Upload;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true }));
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        query: params('query'),
        headers: params('header'),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

// --- values ----------------------------------------------------------------------------------------

/**
 * A value put in place of a parameter, a header or a body field, named by its kind. In a JSON body
 * it is JSON text (a number exactly as written, so 2^64 or -0 reach the parser as sent); in a query,
 * path or header it is that text, or the string itself.
 */
export type Value =
  | { t: 'json'; json: string }
  | { t: 'text'; text: string }
  | { t: 'repeat'; unit: string; times: number }
  | { t: 'deep'; shape: 'array' | 'object'; depth: number }
  | { t: 'many'; item: string; count: number }
  | { t: 'valid'; value: unknown };

/** Numbers past what the columns and doubles hold, and the edges in between, as JSON text. */
export const NUMBER_TEXTS = [
  '1e308',
  '-1e308',
  '1.7976931348623157e308',
  '1e999',
  '-1e999',
  '-0',
  '0',
  '-1',
  '0.5',
  '1.5',
  '5e-324',
  '1e-308',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '123456789012345678901234567890',
  '1e3',
];
/** Numbers as a query or path parameter may spell them (not JSON). */
const NUMBER_SPELLINGS = ['NaN', 'Infinity', '-Infinity', '0x10', '0b1', '1e+30', ' 1', '1 ', '+1', '01', '1.0', '１', '1,2', '1_000'];

/** Characters a text field must refuse or hold as they are: controls, bidi and zero-width marks, lone surrogates, NUL. */
export const NASTY_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200d',
  '\u200e',
  '\u2028',
  '\u2029',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u0301',
  '\ud834\udd1e',
  '\ud83c\udff3\ufe0f\u200d\ud83c\udf08',
];

const NASTY_TEXTS = [
  '',
  ' ',
  '   ',
  '\u202eevil.exe',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\u0000',
  '%00',
  '%',
  '%ZZ',
  '..',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  'Ω≈ç√∫',
  'ＡＢＣ',
  'é',
  'e\u0301',
  '𝔊𝔬𝔩𝔣',
  'a,b',
  'a;b',
  'a&b=c',
  'a#b',
  'A'.repeat(300),
];

/** JSON of every type, for "a value of the wrong type". */
const TYPED_JSON = [
  'null',
  'true',
  'false',
  '0',
  '1',
  '""',
  '"x"',
  '"1"',
  '"true"',
  '[]',
  '[1]',
  '["x"]',
  '[null]',
  '{}',
  '{"a":1}',
  '[[]]',
  '[{}]',
];

const LONG_UNITS = ['a', '1', ' ', 'é', '𝔊', '\u202e', '\ud800', '\u0000', '\n', ','];
/** 100 KB of text, counted in UTF-16 code units. */
const LONG_LENGTH = 100 * 1024;

const textWithNastyCharacters = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_CHARACTERS) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
    { weight: 3, arbitrary: fc.constantFrom('a', 'b', '1', ' ', '-', '.') },
  ),
  maxLength: 12,
});

const numberValue: fc.Arbitrary<Value> = fc.constantFrom(...NUMBER_TEXTS).map((json) => ({ t: 'json', json }));
const textValue: fc.Arbitrary<Value> = fc
  .oneof(fc.constantFrom(...NASTY_TEXTS), textWithNastyCharacters)
  .map((text) => ({ t: 'text', text }));
const wrongTypeValue: fc.Arbitrary<Value> = fc.constantFrom(...TYPED_JSON).map((json) => ({ t: 'json', json }));
const longValue: fc.Arbitrary<Value> = fc
  .constantFrom(...LONG_UNITS)
  .map((unit) => ({ t: 'repeat', unit, times: Math.ceil(LONG_LENGTH / unit.length) }));
const deepValue: fc.Arbitrary<Value> = fc.record({
  t: fc.constant('deep' as const),
  shape: fc.constantFrom('array' as const, 'object' as const),
  depth: fc.constantFrom(1000, 100, 10_000),
});
const bigArrayValue: fc.Arbitrary<Value> = fc.record({
  t: fc.constant('many' as const),
  item: fc.constantFrom('1', '"a"', 'null', '{}', '[]', '2147483648'),
  count: fc.constantFrom(100_000, 2001, 10_000),
});

/** Names of ids: an id column is a PostgreSQL integer (int32). */
export const ID_NAME = /(^|_)(id|uid|ids|uids)$|^(rounds|players|group)$/;

export interface SchemaHints {
  /** Ids of the test's own data (and of other users'), so generated ids name real rows. */
  ids: readonly number[];
}

/** A value of a field: mostly bad, sometimes a valid one of its schema (which may reach a handler's own checks). */
export function valueFor(schema: JsonSchema | null, hints: SchemaHints, name?: string): fc.Arbitrary<Value> {
  const valid = schema
    ? [{ weight: 6, arbitrary: schemaArbitrary(schema, hints, name).map((value): Value => ({ t: 'valid', value })) }]
    : [];
  const ids =
    name !== undefined && ID_NAME.test(name) && hints.ids.length > 0
      ? [{ weight: 4, arbitrary: fc.constantFrom(...hints.ids).map((id): Value => ({ t: 'json', json: String(id) })) }]
      : [];
  // The big values (100 KB, 100,000 items, 10,000 levels) cost the most to send: about one value in ten.
  return fc.oneof(
    { weight: 8, arbitrary: numberValue },
    { weight: 8, arbitrary: textValue },
    { weight: 6, arbitrary: wrongTypeValue },
    ...valid,
    ...ids,
    { weight: 1, arbitrary: longValue },
    { weight: 1, arbitrary: deepValue },
    { weight: 1, arbitrary: bigArrayValue },
  );
}

/** A value of a query, path or header parameter: the same, plus the spellings only text has. */
function parameterValue(schema: JsonSchema | null, hints: SchemaHints, name?: string): fc.Arbitrary<Value> {
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(schema, hints, name) },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBER_SPELLINGS).map((text): Value => ({ t: 'text', text })) },
  );
}

/** The value as JSON text. */
export function jsonOf(value: Value): string {
  switch (value.t) {
    case 'json':
      return value.json;
    case 'text':
      return JSON.stringify(value.text);
    case 'repeat':
      return JSON.stringify(value.unit.repeat(value.times));
    case 'deep':
      return value.shape === 'array'
        ? `${'['.repeat(value.depth)}${']'.repeat(value.depth)}`
        : `${'{"a":'.repeat(value.depth)}1${'}'.repeat(value.depth)}`;
    case 'many':
      return `[${new Array<string>(value.count).fill(value.item).join(',')}]`;
    case 'valid':
      return JSON.stringify(value.value) ?? 'null';
  }
}

/** The value as the text of a query, path or header parameter. */
export function textOf(value: Value): string {
  switch (value.t) {
    case 'text':
      return value.text;
    case 'repeat':
      return value.unit.repeat(value.times);
    case 'many':
      return new Array<string>(value.count).fill(value.item.replace(/^"|"$/g, '')).join(',');
    case 'valid':
      return typeof value.value === 'string' ? value.value : (JSON.stringify(value.value) ?? '');
    default:
      return jsonOf(value);
  }
}

/** A short name of the value, for the failure message. */
export function showValue(value: Value): string {
  switch (value.t) {
    case 'repeat':
      return `${JSON.stringify(value.unit)} x ${value.times}`;
    case 'deep':
      return `${value.depth} nested ${value.shape === 'array' ? 'arrays' : 'objects'}`;
    case 'many':
      return `[${value.item} x ${value.count}]`;
    default:
      return truncate(jsonOf(value), 80);
  }
}

// --- values of a schema ------------------------------------------------------------------------------

const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** A string its pattern takes (fast-check reads the regular expression), or any short string when it cannot. */
function stringOfPattern(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return fc.string({ maxLength: 20 });
  }
}

const dateArbitrary = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });

/**
 * Values the schema takes (JSON Schema as the document has it: type, enum, const, anyOf, oneOf,
 * properties, items, additionalProperties, propertyNames, pattern, format, bounds). Ids come mostly
 * from the test's data, so a generated request names rows that exist.
 */
export function schemaArbitrary(schema: JsonSchema, hints: SchemaHints, name?: string, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as unknown[]));
  const variants = [...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf)];
  if (variants.length > 0) return fc.oneof(...variants.map((variant) => schemaArbitrary(variant, hints, name, depth + 1)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...(schema.type as string[]).map((type) => schemaArbitrary({ ...schema, type }, hints, name, depth + 1)));
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = Math.max(numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1_000_001) + 1), -(2 ** 31));
      const max = Math.min(numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, 1_000_001) - 1), 2 ** 31 - 1);
      const range = fc.integer({ min: Math.min(min, max), max: Math.max(min, max) });
      const ids = hints.ids.filter((id) => id >= min && id <= max);
      return name !== undefined && ID_NAME.test(name) && ids.length > 0
        ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: range })
        : range;
    }
    case 'number': {
      const min = numberOr(schema.minimum, numberOr(schema.exclusiveMinimum, -1e6));
      const max = numberOr(schema.maximum, numberOr(schema.exclusiveMaximum, 1e6));
      return fc.double({
        min: Math.min(min, max),
        max: Math.max(min, max),
        minExcluded: typeof schema.exclusiveMinimum === 'number',
        maxExcluded: typeof schema.exclusiveMaximum === 'number',
        noNaN: true,
        noDefaultInfinity: true,
      });
    }
    case 'string': {
      if (schema.format === 'date-time') return dateArbitrary.map((date) => date.toISOString());
      if (schema.format === 'date') return dateArbitrary.map((date) => date.toISOString().slice(0, 10));
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl();
      if (typeof schema.pattern === 'string') return stringOfPattern(schema.pattern);
      const minLength = numberOr(schema.minLength, 0);
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(numberOr(schema.maxLength, 24), 24)) });
    }
    case 'array': {
      const minLength = numberOr(schema.minItems, 0);
      const maxLength = Math.max(minLength, Math.min(numberOr(schema.maxItems, 3), 3));
      const items = (schema.items ?? {}) as JsonSchema;
      return fc.array(schemaArbitrary(items, hints, name, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const names = Object.keys(properties);
      if (names.length > 0) {
        const model = Object.fromEntries(names.map((key) => [key, schemaArbitrary(properties[key]!, hints, key, depth + 1)]));
        return fc.record(model, { requiredKeys: asStrings(schema.required).filter((key) => key in properties) });
      }
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        const keys = schema.propertyNames
          ? schemaArbitrary(schema.propertyNames as JsonSchema, hints, undefined, depth + 1)
          : fc.string({ maxLength: 8 });
        return fc.dictionary(keys.map(String), schemaArbitrary(extra as JsonSchema, hints, undefined, depth + 1), { maxKeys: 3 });
      }
      return fc.constant({});
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const asStrings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The schema of the body at `path` (array items under any index; the first variant that has it). */
export function schemaAt(schema: JsonSchema | null, path: readonly Key[]): JsonSchema | null {
  if (!schema) return null;
  if (path.length === 0) return schema;
  const [head, ...rest] = path;
  for (const variant of [...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf)]) {
    const found = schemaAt(variant, path);
    if (found) return found;
  }
  if (typeof head === 'number' && schema.items) return schemaAt(schema.items as JsonSchema, rest);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  if (typeof head === 'string' && properties[head]) return schemaAt(properties[head], rest);
  if (typeof head === 'string' && schema.additionalProperties && typeof schema.additionalProperties === 'object')
    return schemaAt(schema.additionalProperties as JsonSchema, rest);
  return null;
}

/** Property names of the object schema at a place (for "a field the base left out"). */
function propertyNames(schema: JsonSchema | null): string[] {
  if (!schema) return [];
  const variants = [...asSchemas(schema.anyOf), ...asSchemas(schema.oneOf)];
  return [...new Set([...Object.keys((schema.properties ?? {}) as object), ...variants.flatMap(propertyNames)])];
}

// --- mutations ---------------------------------------------------------------------------------------

/** Names no contract has, or that a careless parser turns into something else. */
const SURPLUS_NAMES = [
  'surplus',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  'a[b]',
  'a[]',
  '\u0000',
  '\ud800',
  '\u202e',
  'x'.repeat(1000),
];

export type Mutation =
  | { in: 'query'; op: 'set'; name: string; value: Value }
  | { in: 'query'; op: 'drop'; name: string }
  | { in: 'query'; op: 'repeat'; name: string; value: Value }
  | { in: 'query'; op: 'add'; name: string; value: Value }
  | { in: 'path'; name: string; value: Value }
  | { in: 'header'; name: string; value: string }
  | { in: 'body'; op: 'set'; at: Key[]; value: Value }
  | { in: 'body'; op: 'drop'; at: Key[] }
  | { in: 'body'; op: 'add'; at: Key[]; name: string; value: Value }
  | { in: 'body'; op: 'whole'; value: Value }
  | { in: 'content-type'; type: string | null }
  | { in: 'payload'; kind: PayloadKind };

/** Bodies that are not what the content type says, or not there. */
export const PAYLOAD_KINDS = [
  'empty',
  'whitespace',
  'truncated',
  'trailing comma',
  'single quotes',
  'trailing garbage',
  'two documents',
  'NaN',
  'comment',
  'byte order mark',
  'invalid UTF-8',
  'UTF-16',
  'duplicate keys',
  'proto key',
  'constructor prototype key',
  'JSON on a body-less operation',
  'multipart, no file',
  'multipart, two files',
  'multipart, another field',
  'multipart, unterminated',
  'multipart, garbage file',
  'multipart, empty file',
] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];

/** Content types a JSON route does not take (or takes in another spelling); null sends the body with none. */
export const CONTENT_TYPES = [
  null,
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzzboundary',
  'multipart/form-data',
  'application/octet-stream',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset="UTF-8"',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/jsonx',
  'application/xml',
  'text/html',
  'image/png',
  '',
  ';',
  'application/json; boundary=x; charset=utf-8; charset=utf-16',
] as const;

/** Headers whose value a handler reads (the idempotency key, the origin a redirect is built from) or every request carries. */
const HEADER_NAMES = [
  'authorization',
  'origin',
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-request-id',
  'accept',
  'accept-language',
  'user-agent',
  'cookie',
  'if-none-match',
  'range',
];
/** Header values an HTTP message can carry: visible ASCII, space and tab, and bytes 0x80-0xff. */
const headerText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Basic YTpi',
    'bearer x',
    'javascript:alert(1)',
    'http://evil.example',
    '*',
    '1, 2',
    'bytes=0-1,2-3',
    '\u00ff\u00fe',
  ),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 40,
  }),
  fc.constantFrom(1024, 8192, 100 * 1024).map((n) => 'a'.repeat(n)),
);

/** Where a body node sits, and what it is. */
function* nodes(value: unknown, at: Key[] = []): Generator<{ at: Key[]; value: unknown }> {
  yield { at, value };
  if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* nodes(item, [...at, i]);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) yield* nodes(item, [...at, key]);
}

export type Family = 'parameters' | 'body' | 'transport';

function queryMutation(op: FuzzOperation, base: Example, hints: SchemaHints): fc.Arbitrary<Mutation> {
  const present = Object.keys(base.query ?? {});
  const known = op.query.map((p) => p.name);
  const schemaOf = (name: string) => op.query.find((p) => p.name === name)?.schema ?? null;
  const options: Array<fc.WeightedArbitrary<Mutation>> = [
    {
      weight: 1,
      arbitrary: fc.record({
        in: fc.constant('query' as const),
        op: fc.constant('add' as const),
        name: fc.constantFrom(...SURPLUS_NAMES, ...known),
        value: parameterValue(null, hints),
      }),
    },
  ];
  if (known.length > 0) {
    const name = fc.constantFrom(...known);
    options.push(
      {
        weight: 6,
        arbitrary: name.chain((n) =>
          parameterValue(schemaOf(n), hints, n).map((value): Mutation => ({ in: 'query', op: 'set', name: n, value })),
        ),
      },
      {
        weight: 2,
        arbitrary: name.chain((n) =>
          parameterValue(schemaOf(n), hints, n).map((value): Mutation => ({ in: 'query', op: 'repeat', name: n, value })),
        ),
      },
    );
  }
  if (present.length > 0) {
    options.push({ weight: 2, arbitrary: fc.constantFrom(...present).map((n): Mutation => ({ in: 'query', op: 'drop', name: n })) });
  }
  return fc.oneof(...options);
}

function parameterMutation(op: FuzzOperation, base: Example, hints: SchemaHints): fc.Arbitrary<Mutation> {
  const options: Array<fc.WeightedArbitrary<Mutation>> = [{ weight: 6, arbitrary: queryMutation(op, base, hints) }];
  if (op.pathParams.length > 0) {
    options.push({
      weight: 6,
      arbitrary: fc
        .constantFrom(...op.pathParams)
        .chain((p) => parameterValue(p.schema, hints, p.name).map((value): Mutation => ({ in: 'path', name: p.name, value }))),
    });
  }
  const headerNames = [...op.headers.map((h) => h.name), ...HEADER_NAMES];
  options.push({
    weight: op.headers.length > 0 ? 3 : 1,
    arbitrary: fc.record({ in: fc.constant('header' as const), name: fc.constantFrom(...headerNames), value: headerText }),
  });
  return fc.oneof(...options);
}

function bodyMutation(op: FuzzOperation, base: Example, hints: SchemaHints): fc.Arbitrary<Mutation> {
  const all = [...nodes(base.body)];
  const inner = all.filter((node) => node.at.length > 0);
  const objects = all.filter((node) => node.value !== null && typeof node.value === 'object' && !Array.isArray(node.value));
  const options: Array<fc.WeightedArbitrary<Mutation>> = [
    { weight: 1, arbitrary: valueFor(op.body, hints).map((value): Mutation => ({ in: 'body', op: 'whole', value })) },
  ];
  if (inner.length > 0) {
    const node = fc.constantFrom(...inner);
    options.push(
      {
        weight: 8,
        arbitrary: node.chain(({ at }) => {
          const last = [...at].reverse().find((key) => typeof key === 'string');
          return valueFor(schemaAt(op.body, at), hints, last).map((value): Mutation => ({ in: 'body', op: 'set', at, value }));
        }),
      },
      { weight: 3, arbitrary: node.map(({ at }): Mutation => ({ in: 'body', op: 'drop', at })) },
    );
  }
  if (objects.length > 0) {
    options.push({
      weight: 3,
      arbitrary: fc.constantFrom(...objects).chain(({ at, value }) => {
        const schema = schemaAt(op.body, at);
        const missing = propertyNames(schema).filter((key) => !(key in (value as object)));
        const name = fc.constantFrom(...SURPLUS_NAMES, ...missing);
        return name.chain((n) =>
          valueFor(schemaAt(schema, [n]), hints, n).map((v): Mutation => ({ in: 'body', op: 'add', at, name: n, value: v })),
        );
      }),
    });
  }
  return fc.oneof(...options);
}

function transportMutation(base: Example): fc.Arbitrary<Mutation> {
  const kinds = PAYLOAD_KINDS.filter((kind) => {
    if (kind.startsWith('multipart')) return base.upload !== undefined;
    if (kind === 'JSON on a body-less operation') return base.body === undefined && base.upload === undefined;
    return true;
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES).map((type): Mutation => ({ in: 'content-type', type })) },
    { weight: 1, arbitrary: fc.constantFrom(...kinds).map((kind): Mutation => ({ in: 'payload', kind })) },
  );
}

/** Who sends the request: the owner of the data, nobody, or someone with a token that is no token. */
export type Sender = 'owner' | 'anonymous' | 'forged token';

export interface FuzzCase {
  op: FuzzOperation;
  /** Which base: "example 2" or "from the schema". */
  baseName: string;
  base: Example;
  sender: Sender;
  mutations: Mutation[];
}

/** A base made from the operation's schemas: its required parameters, some optional ones, and a body. */
function schemaBase(op: FuzzOperation, hints: SchemaHints): fc.Arbitrary<Example> {
  const param = (p: Param) =>
    schemaArbitrary(p.schema, hints, p.name).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  const query = fc.record(Object.fromEntries(op.query.map((p) => [p.name, param(p)])), {
    requiredKeys: op.query.filter((p) => p.required).map((p) => p.name),
  });
  const path = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, param(p)])));
  const body = op.body ? schemaArbitrary(op.body, hints).map((value) => ({ body: value })) : fc.constant({});
  return fc.tuple(query, path, body).map(([q, p, b]) => ({
    ...(Object.keys(q).length > 0 ? { query: q as Record<string, string> } : {}),
    ...(Object.keys(p).length > 0 ? { path: p as Record<string, string> } : {}),
    ...b,
  }));
}

function mutationsOf(family: Family, op: FuzzOperation, base: Example, hints: SchemaHints): fc.Arbitrary<Mutation[]> {
  switch (family) {
    case 'parameters':
      return fc.array(parameterMutation(op, base, hints), { minLength: 1, maxLength: 3 });
    case 'body':
      return fc
        .tuple(
          fc.array(bodyMutation(op, base, hints), { minLength: 1, maxLength: 3 }),
          fc.option(queryMutation(op, base, hints), { nil: undefined, freq: 4 }),
        )
        .map(([body, query]) => (query ? [...body, query] : body));
    case 'transport':
      return fc
        .tuple(transportMutation(base), fc.option(queryMutation(op, base, hints), { nil: undefined, freq: 3 }))
        .map(([t, q]) => (q ? [t, q] : [t]));
  }
}

/**
 * A request of the family over the operations: an operation, one of its bases, who sends it, and
 * the mutations. The body family takes the operations with a JSON body (in the schema or the example).
 */
export function fuzzCases(
  family: Family,
  operations: readonly FuzzOperation[],
  examplesOf: (op: FuzzOperation) => readonly Example[],
  hints: SchemaHints,
): fc.Arbitrary<FuzzCase> {
  const eligible =
    family === 'body' ? operations.filter((op) => op.body !== null || examplesOf(op).some((e) => e.body !== undefined)) : operations;
  const sender = fc.oneof(
    { weight: 17, arbitrary: fc.constant<Sender>('owner') },
    { weight: 2, arbitrary: fc.constant<Sender>('anonymous') },
    { weight: 1, arbitrary: fc.constant<Sender>('forged token') },
  );
  return fc.constantFrom(...eligible).chain((op) => {
    const examples = examplesOf(op).filter((e) => family !== 'body' || e.body !== undefined);
    const bases: Array<fc.WeightedArbitrary<{ baseName: string; base: Example }>> = examples.map((base, i) => ({
      weight: 3,
      arbitrary: fc.constant({ baseName: `example ${i + 1}`, base }),
    }));
    if (family !== 'body' || op.body !== null || bases.length === 0)
      bases.push({ weight: 1, arbitrary: schemaBase(op, hints).map((base) => ({ baseName: 'from the schema', base })) });
    return fc.oneof(...bases).chain(({ baseName, base }) =>
      fc.tuple(sender, mutationsOf(family, op, base, hints)).map(([who, mutations]): FuzzCase => {
        const c: FuzzCase = { op, baseName, base, sender: who, mutations };
        // fast-check prints a counterexample with this: the operation and the mutations, not the whole base.
        return Object.defineProperty(c, fc.toStringMethod, { value: () => showCase(c), enumerable: false });
      }),
    );
  });
}

// --- the request ---------------------------------------------------------------------------------------

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * Percent-encodes text for a URL, a lone surrogate as the three bytes it would take if it were a
 * character (WTF-8, e.g. %ED%A0%80): encodeURIComponent throws on it, and a client that sends it
 * anyway sends those bytes.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

const PLACEHOLDER = (n: number) => `__fuzz_value_${n}__`;

/** Sets an own property, even one named __proto__. */
function setOwn(target: Record<Key, unknown>, key: Key, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function parentAt(root: unknown, at: readonly Key[]): Record<Key, unknown> | null {
  let here = root;
  for (const key of at) {
    if (here === null || typeof here !== 'object') return null;
    here = (here as Record<Key, unknown>)[key];
  }
  return here !== null && typeof here === 'object' ? (here as Record<Key, unknown>) : null;
}

/** The JSON body with the body mutations applied, as text (values spliced in as their JSON text). */
function bodyText(body: unknown, mutations: readonly Mutation[]): string {
  const raws: string[] = [];
  let root: unknown = structuredClone(body);
  for (const m of mutations) {
    if (m.in !== 'body') continue;
    if (m.op === 'whole') {
      raws.push(jsonOf(m.value));
      root = PLACEHOLDER(raws.length - 1);
      continue;
    }
    const at = m.op === 'add' ? m.at : m.at.slice(0, -1);
    const parent = parentAt(root, at);
    if (!parent) continue;
    const key = m.op === 'add' ? m.name : m.at.at(-1)!;
    if (m.op === 'drop') {
      if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
      else delete parent[key];
      continue;
    }
    raws.push(jsonOf(m.value));
    setOwn(parent, key, PLACEHOLDER(raws.length - 1));
  }
  let text = JSON.stringify(root) ?? '';
  raws.forEach((raw, n) => {
    text = text.replace(`"${PLACEHOLDER(n)}"`, () => raw);
  });
  return text;
}

function multipart(
  boundary: string,
  parts: Array<{ field: string; filename?: string; type?: string; bytes: Buffer | string }>,
  end = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
      Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes),
      Buffer.from('\r\n'),
    );
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const BOUNDARY = 'fuzzboundary';

/** The payload and its content type for a body kind, from the base's JSON text or upload. */
function payloadOf(
  kind: PayloadKind,
  json: string | undefined,
  upload: Upload | undefined,
): { payload: string | Buffer; type: string | null } {
  const object = json ?? '{}';
  const asJson = (payload: string | Buffer) => ({ payload, type: 'application/json' });
  const asMultipart = (payload: Buffer) => ({ payload, type: `multipart/form-data; boundary=${BOUNDARY}` });
  const file = upload ?? { field: 'file', filename: 'file.bin', type: 'application/octet-stream', bytes: Buffer.from('x') };
  switch (kind) {
    case 'empty':
      return asJson('');
    case 'whitespace':
      return asJson(' \r\n\t ');
    case 'truncated':
      return asJson(object.slice(0, Math.max(1, Math.floor(object.length / 2))));
    case 'trailing comma':
      return asJson(object.endsWith('}') && object.length > 2 ? `${object.slice(0, -1)},}` : '[1,]');
    case 'single quotes':
      return asJson(object.replaceAll('"', "'"));
    case 'trailing garbage':
      return asJson(`${object}x`);
    case 'two documents':
      return asJson(`${object}\n${object}`);
    case 'NaN':
      return asJson('{"a":NaN,"b":Infinity,"c":-Infinity,"d":undefined}');
    case 'comment':
      return asJson(`/* c */${object}`);
    case 'byte order mark':
      return asJson(`\ufeff${object}`);
    case 'invalid UTF-8':
      return asJson(
        Buffer.concat([
          Buffer.from('{"a":"'),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf8, 0x88, 0x80, 0x80, 0x80]),
          Buffer.from('"}'),
        ]),
      );
    case 'UTF-16':
      return asJson(Buffer.from(object, 'utf16le'));
    case 'duplicate keys':
      return asJson(object.startsWith('{') && object.length > 2 ? `{"a":1,"a":2,${object.slice(1)}` : '{"a":1,"a":2}');
    case 'proto key':
      return asJson(
        object.startsWith('{') && object.length > 2 ? `{"__proto__":{"isAdmin":true},${object.slice(1)}` : '{"__proto__":{"x":1}}',
      );
    case 'constructor prototype key':
      return asJson('{"constructor":{"prototype":{"isAdmin":true}}}');
    case 'JSON on a body-less operation':
      return asJson('{"a":1}');
    case 'multipart, no file':
      return asMultipart(multipart(BOUNDARY, []));
    case 'multipart, two files':
      return asMultipart(multipart(BOUNDARY, [file, file]));
    case 'multipart, another field':
      return asMultipart(multipart(BOUNDARY, [{ ...file, field: 'logo' }]));
    case 'multipart, unterminated':
      return asMultipart(multipart(BOUNDARY, [file], false).subarray(0, 60));
    case 'multipart, garbage file':
      return asMultipart(multipart(BOUNDARY, [{ ...file, bytes: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)) }]));
    case 'multipart, empty file':
      return asMultipart(multipart(BOUNDARY, [{ ...file, bytes: Buffer.alloc(0) }]));
  }
}

/** The body sent under another content type: the same JSON text, or its fields as a form or multipart. */
function bodyUnder(type: string | null, json: string | undefined, upload: Upload | undefined): string | Buffer {
  if (upload && json === undefined) return multipart(BOUNDARY, [upload]);
  const text = json ?? '{"a":1}';
  if (type === 'application/x-www-form-urlencoded') {
    let fields: Array<[string, unknown]> = [['a', 1]];
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) fields = Object.entries(parsed);
    } catch {
      // Text that is not JSON is sent as one field.
      fields = [['body', text]];
    }
    return fields.map(([k, v]) => `${percentEncode(k)}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`).join('&');
  }
  if (type?.startsWith('multipart/form-data')) return multipart(BOUNDARY, [{ field: 'body', bytes: text, type: 'application/json' }]);
  return text;
}

/** The request a case sends. `token` is the owner's bearer token. */
export function buildRequest(c: FuzzCase, token: string): BuiltRequest {
  const query: Array<[string, string]> = Object.entries(c.base.query ?? {});
  const path = { ...c.base.path };
  const headers: Record<string, string> = { ...c.base.headers };
  if (c.sender === 'owner') headers.authorization = `Bearer ${token}`;
  if (c.sender === 'forged token') headers.authorization = `Bearer ${token.slice(0, -4)}AAAA`;
  for (const m of c.mutations) {
    if (m.in === 'query') {
      const i = query.findIndex(([name]) => name === m.name);
      if (m.op === 'drop') {
        if (i >= 0) query.splice(i, 1);
      } else if (m.op === 'set' && i >= 0) query[i] = [m.name, textOf(m.value)];
      else query.push([m.name, textOf(m.value)]);
    } else if (m.in === 'path') path[m.name] = textOf(m.value);
    else if (m.in === 'header') headers[m.name] = m.value;
  }
  const search = query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  const filled = c.op.path.replace(/\{([^}]+)\}/g, (_, name: string) => percentEncode(path[name] ?? ''));
  const url = search ? `${filled}?${search}` : filled;

  const hasBodyMutation = c.mutations.some((m) => m.in === 'body');
  let json = c.base.body === undefined && !hasBodyMutation ? undefined : bodyText(c.base.body ?? {}, c.mutations);
  let payload: string | Buffer | undefined = json;
  let type: string | null | undefined = json === undefined ? undefined : 'application/json';
  if (json === undefined && c.base.upload) {
    payload = multipart(BOUNDARY, [c.base.upload]);
    type = `multipart/form-data; boundary=${BOUNDARY}`;
  }
  for (const m of c.mutations) {
    if (m.in === 'payload') {
      ({ payload, type } = payloadOf(m.kind, json, c.base.upload));
      json = undefined;
    } else if (m.in === 'content-type') {
      // The same body under another type (a body-less operation gets one: "no content type with a body").
      payload = bodyUnder(m.type, json, c.base.upload);
      type = m.type;
    }
  }
  if (type !== null && type !== undefined) headers['content-type'] = type;
  return { method: c.op.method, url, headers, ...(payload === undefined ? {} : { payload }) };
}

export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text);

/** The mutation in a few words. */
export function showMutation(m: Mutation): string {
  switch (m.in) {
    case 'query':
      return m.op === 'drop' ? `query ${m.name} left out` : `query ${m.op} ${truncate(JSON.stringify(m.name), 40)}=${showValue(m.value)}`;
    case 'path':
      return `path ${m.name}=${showValue(m.value)}`;
    case 'header':
      return `header ${m.name}: ${truncate(JSON.stringify(m.value), 60)}`;
    case 'body':
      if (m.op === 'whole') return `body = ${showValue(m.value)}`;
      if (m.op === 'drop') return `body ${m.at.join('.')} left out`;
      if (m.op === 'add') return `body ${[...m.at, truncate(JSON.stringify(m.name), 40)].join('.')} added = ${showValue(m.value)}`;
      return `body ${m.at.join('.')} = ${showValue(m.value)}`;
    case 'content-type':
      return m.type === null ? 'no content type' : `content type ${JSON.stringify(m.type)}`;
    case 'payload':
      return `payload: ${m.kind}`;
  }
}

/** The request as a person reads it: method, url, headers and body, each cut short. */
export function showRequest(request: BuiltRequest): string {
  const headers = Object.entries(request.headers)
    .map(
      ([name, value]) =>
        `${name}: ${name === 'authorization' ? value.replace(/(Bearer .{6}).*/, '$1...') : truncate(JSON.stringify(value), 120)}`,
    )
    .join('\n    ');
  const body =
    request.payload === undefined
      ? '(none)'
      : truncate(Buffer.isBuffer(request.payload) ? JSON.stringify(request.payload.toString('latin1')) : request.payload, 600);
  return `${request.method} ${truncate(request.url, 400)}\n  headers:\n    ${headers || '(none)'}\n  body: ${body}`;
}

/** The case in a few lines, as fast-check prints a counterexample. */
export function showCase(c: FuzzCase): string {
  return `${c.op.key} (${c.baseName}, sent by ${c.sender}): ${c.mutations.map(showMutation).join('; ')}`;
}
