import fc from 'fast-check';
import { parse as parseQueryString } from 'fast-querystring';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';

/**
 * Generators of hostile HTTP requests for the route fuzz (routes.fuzz.test.ts). A request is built
 * from what the route declares: the names of its query and body parameters and of its path
 * parameters come from its schemas, and each gets either a value the schema would plausibly accept
 * (so that requests get past validation and into the handlers) or junk. Around them: prototype keys,
 * nested objects, huge numbers, NUL, lone surrogates, invalid UTF-8, very long strings, wrong content
 * types, oversize and broken multipart bodies.
 */

/** The part of JSON Schema (as zod's toJSONSchema writes it) the generators read. */
export interface JsonSchema {
  required?: string[];
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** A route's zod schema part as JSON Schema (input side); undefined when it has none. */
export function jsonSchemaOf(part: unknown): JsonSchema | undefined {
  if (!(part instanceof z.ZodType)) return undefined;
  // unrepresentable 'any': a custom check or transform becomes "anything", which the junk covers.
  return z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** The named parameters of an object schema (through unions and intersections), and which are required. */
export interface Params {
  props: Record<string, JsonSchema>;
  required: string[];
}

export function paramsOf(schema: JsonSchema | undefined): Params {
  if (schema === undefined) return { props: {}, required: [] };
  const props: Record<string, JsonSchema> = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const inner = paramsOf(branch);
    Object.assign(props, inner.props);
    for (const name of inner.required) required.add(name);
  }
  return { props, required: [...required].filter((name) => name in props) };
}

/** What the fuzz knows of a route. */
export interface RouteShape {
  method: string;
  url: string;
  query: Params;
  body: Params;
  params: Params;
  multipart: boolean;
}

export function shapeOf(route: { method: string; url: string; schema: FastifySchema | undefined }): RouteShape {
  const schema = route.schema;
  const consumes = (schema as { consumes?: unknown } | undefined)?.consumes;
  return {
    method: route.method,
    url: route.url,
    query: paramsOf(jsonSchemaOf(schema?.querystring)),
    body: paramsOf(jsonSchemaOf(schema?.body)),
    params: paramsOf(jsonSchemaOf(schema?.params)),
    multipart: Array.isArray(consumes) && consumes.includes('multipart/form-data'),
  };
}

// ---------------------------------------------------------------------------------------------
// Values

const HUGE_NUMBER_TEXT = `1${'0'.repeat(400)}`;

/** Texts that have broken parsers: number-ish, date-ish, code-ish, empty, invisible, injection-ish. */
const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-1e309',
  '1e-400',
  HUGE_NUMBER_TEXT,
  '9007199254740993',
  '-9223372036854775809',
  '0x1F',
  '0b101',
  '1_000',
  '1,5',
  '-1',
  '0',
  '1.5',
  '2147483648',
  'true',
  'false',
  '[object Object]',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y',
  '\u202e\u200b',
  '\ufeff',
  '😀',
  '北京市',
  '../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%',
  "'; drop table users; --",
  '" or ""="',
  '<script>alert(1)</script>',
  `\${7*7}{{7*7}}`,
  '2026-02-30',
  '2026-13-01 25:61:61',
  '1970-01-01 00:00:00',
  '9999-12-31 23:59:59',
  '0000-00-00',
  '-271821-04-20',
  '110000',
  '000000',
  '999999',
  '1001A',
  'a'.repeat(300),
];

/** Texts a parameter of no declared form plausibly holds: codes, dates, ids, pages. */
const PLAUSIBLE_TEXTS: readonly string[] = [
  '110000',
  '110105',
  '310000',
  '1001A',
  '2026-05-01',
  '2026-05-01 10:00:00',
  '2026-05',
  '2026',
  '1',
  '2',
  '10',
  '0',
  'PM2.5',
  'aqi',
  'pm25',
  'a34004',
  'air',
  'hour',
  'day',
  '北京',
  'admin',
  '13800138000',
];

const longText = fc.oneof(
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '北\u0000'.repeat(n)),
);

/** A hostile text value. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_TEXTS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 3 },
  { arbitrary: fc.double().map(String), weight: 1 },
  { arbitrary: fc.bigInt().map(String), weight: 1 },
  { arbitrary: longText, weight: 1 },
);

function numberIn(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000;
  const max = schema.maximum ?? Math.max(min + 1_000, 1_000);
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 40))), max: Math.floor(Math.min(max, 2 ** 40)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** A value the schema would plausibly accept (JSON value: strings, numbers, booleans, arrays, objects). */
export function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined) return fc.constantFrom(...PLAUSIBLE_TEXTS);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length > 0) return fc.oneof(...branches.map((b) => plausible(b, depth)));
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === 'string') options.push(plausibleText(schema));
    else if (type === 'integer') options.push(numberIn(schema, true));
    else if (type === 'number') options.push(numberIn(schema, false));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
    else if (type === 'array' && depth < 3) {
      options.push(fc.array(plausible(schema.items, depth + 1), { maxLength: 4 }));
    } else if (type === 'object' && depth < 3) {
      const props = Object.entries(schema.properties ?? {});
      options.push(
        fc.record(Object.fromEntries(props.map(([k, v]) => [k, plausible(v, depth + 1)])), { requiredKeys: [] }),
      );
    }
  }
  return options.length === 0 ? fc.constantFrom(...PLAUSIBLE_TEXTS) : fc.oneof(...options);
}

/** A schema's pattern as a RegExp; one JavaScript cannot compile yields no pattern-shaped values. */
function regExpOf(source: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, flags);
    } catch {
      // Tried without the unicode flag next (it refuses escapes such as `\-`).
    }
  }
  return undefined;
}

function plausibleText(schema: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.constantFrom(...PLAUSIBLE_TEXTS)];
  const pattern = schema.pattern === undefined ? undefined : regExpOf(schema.pattern);
  if (pattern !== undefined) options.push(fc.stringMatching(pattern).filter((s) => s.length <= 400));
  if (schema.format === 'date') options.push(fc.constantFrom('2026-05-01', '2025-12-31'));
  if (schema.format === 'date-time') options.push(fc.constant('2026-05-01T10:00:00+08:00'));
  if (schema.maxLength !== undefined || schema.minLength !== undefined) {
    options.push(fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 64) }));
  }
  return fc.oneof(...options);
}

/** Values that break code which trusts a value's shape: String() or `${}` of them throws, or lies. */
const SHAPE_TRAPS: readonly string[] = [
  '{"toString":1}',
  '{"valueOf":1,"toString":null}',
  '[{"toString":1}]',
  '[[{"valueOf":{}}]]',
  '{"toJSON":"x"}',
  '{"length":1000000000}',
  '{"then":1}',
  '{"__proto__":{"toString":1}}',
  '{"constructor":{"prototype":{"toString":1}}}',
];

/** A JSON value built to break code that trusts shapes: prototype keys, toString, deep and wide. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(null, true, false, 0, -0, 1e308, -1e308, 5e-324, 2 ** 53 + 2, -1),
    hostileText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON', 'then', 'length'),
        fc.string({ maxLength: 6 }),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
    fc.constantFrom<unknown>(
      { toString: 1 },
      { valueOf: 1, toString: null },
      { toJSON: 'x' },
      { constructor: { prototype: { polluted: 1 } } },
      { length: 1e9 },
      [[[[[[[[[[]]]]]]]]]],
    ),
  ),
})).value;

/** One parameter's value: mostly plausible (to reach the handler), often junk. */
export function paramValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: plausible(schema), weight: 5 },
    { arbitrary: hostileText, weight: 3 },
    { arbitrary: hostileJson, weight: 1 },
  );
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'a[b]', 'a[]', 'a.b', '', ' ', '\u0000'];

/** Values by parameter name, for checks a JSON Schema cannot state (codes, times, ids of this app's data). */
const HINTS: ReadonlyArray<[RegExp, readonly string[]]> = [
  [/time$|Time$|^(start|end|begin)/, ['2026-05-01 10:00:00', '2026-05-01 00:00:00', '2026-05-01', '2026-05-01 10']],
  [/date|Date|day|Day/, ['2026-05-01', '2026-05']],
  [/month|Month/, ['2026-05', '5']],
  [/year|Year/, ['2026', '2025']],
  [/^city|City$|cityCode/, ['110000', '310000', 'beijing', '440300']],
  [/area|Area|county|County|district/, ['110000', '110105', '100000', '440300']],
  [/grid|Grid/, ['110105', '110105001', '110105001002']],
  [/site|Site|station|Station/, ['1001A', '1002A', '110000']],
  [/phone|mobile|username/, ['13800138000', '13900139000', 'admin']],
  [/page|Page|size|Size|limit|Limit|top|Top|count|Count|num$|Num$/, ['1', '10', '20', '100']],
  [/[iI]ds?$|Str$/, ['1', '2', '00000000000000000000000000000000', 'dev-1']],
  [/url|Url/, ['/city/110000', 'https://example.com/', '/']],
  [/^(lon|lng|longitude)$/, ['116.4', '0', '180']],
  [/^(lat|latitude)$/, ['39.9', '0', '90']],
  [/type|Type|kind|Kind|factor|Factor|pollutant/, ['aqi', 'pm25', 'PM2.5', 'air', '1', 'a34004', 'hour', 'day']],
];

function hinted(name: string, schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const hints = HINTS.filter(([pattern]) => pattern.test(name)).flatMap(([, values]) => values);
  return hints.length === 0 ? plausible(schema) : fc.oneof(plausible(schema), fc.constantFrom(...hints));
}

/**
 * Parameters for a route's declared names. Half the time every value is plausible and the required
 * ones are there (so the request reaches the handler with odd but valid input); otherwise each
 * name is present or not with a plausible or junk value, plus some undeclared hostile keys.
 */
export function paramsFor({ props, required }: Params): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(props);
  const valid = fc.record(Object.fromEntries(entries.map(([name, schema]) => [name, hinted(name, schema)])), {
    requiredKeys: required,
  });
  const declared = fc.record(Object.fromEntries(entries.map(([name, schema]) => [name, paramValue(schema)])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })),
    paramValue(undefined),
    { maxKeys: 3 },
  );
  const hostile = fc.tuple(declared, fc.option(extra, { freq: 3 })).map(([d, e]) => (e === null ? d : { ...e, ...d }));
  return fc.oneof(valid, hostile);
}

// ---------------------------------------------------------------------------------------------
// Encodings

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte but the unreserved ones, so the URL reaches the server exactly as built. */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A value as it travels in a query string or form: lists repeat the key, anything else is text. */
function textsOf(value: unknown): string[] {
  if (Array.isArray(value))
    return value.flatMap((v) => (typeof v === 'object' && v !== null ? [JSON.stringify(v)] : [String(v)]));
  if (typeof value === 'object' && value !== null) return [JSON.stringify(value)];
  return [String(value)];
}

/** Raw fragments no encoder makes: broken escapes, invalid UTF-8, bracket keys, empty pairs. */
const RAW_QUERY_JUNK = [
  '&&',
  '=',
  '==x',
  '%',
  '%zz=1',
  'a=%E0%A4%A',
  'a=%FF%FE%00',
  'a=%ED%A0%80',
  '%C0%AF=%C0%AF',
  'a[b]=1&a[c]=2',
  'a[]=1&a[]=2',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  '+++=+++',
  'a=1;b=2',
];

export function encodeParams(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    for (const text of textsOf(value)) pairs.push(`${percentEncode(key)}=${percentEncode(text)}`);
  }
  return pairs.join('&');
}

/** A query string or form body: the encoded parameters, sometimes with raw junk around them. */
export function formText(params: Params): fc.Arbitrary<string> {
  return fc
    .tuple(paramsFor(params), fc.option(fc.constantFrom(...RAW_QUERY_JUNK), { freq: 4 }))
    .map(([params, junk]) => [encodeParams(params), junk].filter((p) => p !== null && p !== '').join('&'));
}

/** What the server makes of a query string or form body (Fastify and @fastify/formbody use fast-querystring). */
export function parsedForm(text: string): Record<string, unknown> {
  return text === '' ? {} : parseQueryString(text);
}

// ---------------------------------------------------------------------------------------------
// Bodies

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; text: string }
  | { kind: 'form'; text: string; contentType: string }
  | { kind: 'raw'; bytes: Buffer; contentType: string | undefined }
  | { kind: 'multipart'; bytes: Buffer; contentType: string }
  | { kind: 'oversize'; contentType: string };

/** A JSON body: the declared parameters (plausible or junk) or any hostile JSON document, as text. */
function jsonBody(params: Params): fc.Arbitrary<FuzzBody> {
  // A declared parameter (or any name) holding a shape trap, written as text to keep prototype keys.
  const names = Object.keys(params.props);
  const trapped = fc
    .tuple(fc.constantFrom(...names, 'a', 'toString'), fc.constantFrom(...SHAPE_TRAPS), paramsFor(params))
    .map(([name, trap, rest]) => {
      const others = JSON.stringify({ ...rest, [name]: undefined }).slice(1, -1);
      return `{${others === '' ? '' : `${others},`}${JSON.stringify(name)}:${trap}}`;
    });
  const document = fc.oneof(
    { arbitrary: paramsFor(params).map((p) => JSON.stringify(p)), weight: 6 },
    { arbitrary: trapped, weight: 2 },
    { arbitrary: hostileJson.map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        `{"a":${HUGE_NUMBER_TEXT}}`,
        '{"a":1e999999}',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '{"a":1,"a":{"toString":1}}',
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        '{"a":[',
        '{',
        '',
        'null',
        '"x"',
        '[1,2,3]',
        '\ufeff{}',
      ),
      weight: 2,
    },
  );
  return document.map((text) => ({ kind: 'json', text }));
}

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/xml',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded; charset=gbk',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'image/png',
  'a/b;;;c=',
  '',
  '*/*',
];

/** Bytes that are not what they claim: invalid UTF-8, NUL, BOMs, binary. */
const rawBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
    Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]),
    Buffer.from('{"a":"\u0000"}'),
    Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xff]), Buffer.from('"}')]),
    Buffer.from('a=1&b=%FF'),
  ),
);

const FIELD_NAMES = [
  'photos',
  'file',
  'description',
  'title',
  'gridCode',
  'catalogCode',
  'lon',
  'lat',
  'eventId',
  'note',
  '__proto__',
  '',
];
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG_START = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A multipart body: plausible fields and files, broken boundaries, truncated images, unfinished parts. */
const multipartBody: fc.Arbitrary<FuzzBody> = fc
  .record({
    boundary: fc.constantFrom('----fuzz7MA4YWxkTrZu0gW', 'x', '"quoted"', 'a'.repeat(80)),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 10 })),
        file: fc.option(fc.constantFrom('photo.jpg', 'a.png', '../../x.sh', '', '\u0000.jpg'), { nil: undefined }),
        type: fc.constantFrom('image/jpeg', 'image/png', 'text/plain', 'application/octet-stream'),
        bytes: fc.oneof(
          rawBytes,
          hostileText.map((t) => Buffer.from(t)),
          rawBytes.map((b) => Buffer.concat([JPEG_START, b])),
          rawBytes.map((b) => Buffer.concat([PNG_START, b])),
        ),
      }),
      { maxLength: 5 },
    ),
    ending: fc.constantFrom('close', 'close', 'none', 'garbage'),
    declared: fc.constantFrom('same', 'same', 'same', 'other', 'missing'),
  })
  .map(({ boundary, parts, ending, declared }) => {
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition =
        part.file === undefined
          ? `form-data; name="${part.name}"`
          : `form-data; name="${part.name}"; filename="${part.file}"`;
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
      if (part.file !== undefined) chunks.push(Buffer.from(`Content-Type: ${part.type}\r\n`));
      chunks.push(Buffer.from('\r\n'), part.bytes, Buffer.from('\r\n'));
    }
    if (ending === 'close') chunks.push(Buffer.from(`--${boundary}--\r\n`));
    if (ending === 'garbage') chunks.push(Buffer.from(`--${boundary}\r\nno headers here`));
    const contentType =
      declared === 'missing'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${declared === 'same' ? boundary : 'other'}`;
    return { kind: 'multipart' as const, bytes: Buffer.concat(chunks), contentType };
  });

/** A body for a request to `shape`: what the route takes most of the time, anything else often. */
export function bodyFor(shape: RouteShape): fc.Arbitrary<FuzzBody> {
  const form = fc
    .tuple(
      formText(shape.body),
      fc.constantFrom('application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8'),
    )
    .map(([text, contentType]): FuzzBody => ({ kind: 'form', text, contentType }));
  const raw = fc
    .tuple(rawBytes, fc.option(fc.constantFrom(...WRONG_CONTENT_TYPES), { nil: undefined }))
    .map(([bytes, contentType]): FuzzBody => ({ kind: 'raw', bytes, contentType }));
  const oversize = fc
    .constantFrom(
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    )
    .map((contentType): FuzzBody => ({ kind: 'oversize', contentType }));
  const none = fc.constant<FuzzBody>({ kind: 'none' });
  if (shape.method === 'GET' || shape.method === 'HEAD') {
    return fc.oneof(
      { arbitrary: none, weight: 8 },
      { arbitrary: form, weight: 1 },
      { arbitrary: jsonBody({ props: {}, required: [] }), weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: jsonBody(shape.body), weight: shape.multipart ? 1 : 5 },
    { arbitrary: form, weight: shape.multipart ? 1 : 4 },
    { arbitrary: multipartBody, weight: shape.multipart ? 8 : 1 },
    { arbitrary: raw, weight: 2 },
    { arbitrary: none, weight: 1 },
    { arbitrary: oversize, weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Paths

const PATH_JUNK = [
  '',
  '.',
  '..',
  '%2e%2e',
  '%2F',
  'a%2Fb',
  '%00',
  '%',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  'x'.repeat(200),
];

/** The route's URL with each `:param` (and a trailing `*`) filled: plausible, junk or malformed escapes. */
export function pathFor(shape: RouteShape): fc.Arbitrary<string> {
  const segments = shape.url.split('/');
  const fills = segments.map((segment) => {
    if (segment.startsWith(':')) {
      const schema = shape.params.props[segment.slice(1)];
      return fc.oneof(
        { arbitrary: plausible(schema).map((v) => percentEncode(String(v))), weight: 4 },
        { arbitrary: hostileText.map((t) => percentEncode(t.slice(0, 300))), weight: 3 },
        { arbitrary: fc.constantFrom(...PATH_JUNK), weight: 2 },
      );
    }
    if (segment === '*') {
      return fc.oneof(
        fc.constantFrom('index.html', 'a/b/c.js', '../../../etc/passwd', '%2e%2e/%2e%2e/x', ''),
        fc.constantFrom(...PATH_JUNK),
      );
    }
    return fc.constant(segment);
  });
  return fc.tuple(...fills).map((parts) => parts.join('/'));
}
