/**
 * Contract checks: a response (status, headers, body) against the OpenAPI document, with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1) and ajv-formats. `contractFetch` wraps fetch so that every response a test
 * receives is checked and recorded.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument, type OpenApiDocument } from '../../functions/api/openapi/document';

// ajv-formats is CommonJS with a default export.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

type Json = Record<string, unknown>;

export interface ObservedResponse {
  method: string;
  /** Path and query as requested, e.g. /v1/scans?limit=2 */
  url: string;
  status: number;
  headers: Headers;
  body: Uint8Array;
}

export interface CheckedResponse {
  operationId: string | undefined;
  method: string;
  path: string;
  status: number;
  problems: string[];
}

const DOCUMENT_ID = 'https://skin-analysis.test/openapi.json';

export class ContractValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly checked: CheckedResponse[] = [];
  private readonly operations: { method: string; template: string; pattern: RegExp; operation: Json; pointer: string }[] = [];

  constructor(readonly document: OpenApiDocument = openApiDocument()) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // The whole document is one schema resource, so `#/components/schemas/…` references resolve inside it.
    this.ajv.addSchema({ $id: DOCUMENT_ID, paths: document.paths, components: document.components, webhooks: document.webhooks });
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
        this.operations.push({ method, template, pattern, operation, pointer: `/paths/${escape(template)}/${method}` });
      }
    }
    // Static paths before templated ones.
    this.operations.sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));
  }

  /** Checks one response; returns the problems found (none = it matches the document). */
  check(observed: ObservedResponse): CheckedResponse {
    const url = new URL(observed.url, 'http://x');
    const method = observed.method.toLowerCase();
    const found = this.operations.find((o) => o.method === method && o.pattern.test(url.pathname));
    const result: CheckedResponse = { operationId: found?.operation.operationId as string | undefined, method, path: url.pathname, status: observed.status, problems: [] };
    this.checked.push(result);
    if (!found) {
      result.problems.push(`${method.toUpperCase()} ${url.pathname} is not in the document`);
      return result;
    }
    const responses = found.operation.responses as Record<string, Json>;
    const key = String(observed.status) in responses ? String(observed.status) : `${String(observed.status)[0]}XX` in responses ? `${String(observed.status)[0]}XX` : 'default';
    const response = responses[key];
    if (!response) {
      result.problems.push(`status ${observed.status} is not documented for ${found.operation.operationId}`);
      return result;
    }
    const pointer = `${found.pointer}/responses/${key}`;
    this.checkHeaders(response, observed.headers, result);
    this.checkBody(response, pointer, observed, result);
    return result;
  }

  private checkHeaders(response: Json, headers: Headers, result: CheckedResponse): void {
    for (const [name, reference] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = this.resolve(reference);
      const value = headers.get(name);
      if (value === null) {
        if (header.required) result.problems.push(`header ${name} is required but missing`);
        continue;
      }
      const schema = header.schema as Json;
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = this.ajv.compile({ ...schema, $id: undefined });
      if (!validate(typed)) result.problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`);
    }
  }

  private checkBody(response: Json, pointer: string, observed: ObservedResponse, result: CheckedResponse): void {
    const content = response.content as Record<string, Json> | undefined;
    const contentType = (observed.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!content) {
      if (observed.body.length > 0) result.problems.push(`a body (${contentType}) where the document has none`);
      return;
    }
    if (!(contentType in content)) {
      result.problems.push(`content type ${JSON.stringify(contentType)} is not one of ${Object.keys(content).join(', ')}`);
      return;
    }
    if (!/json$/.test(contentType)) {
      if (observed.body.length === 0) result.problems.push(`an empty ${contentType} body`);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(observed.body));
    } catch {
      result.problems.push('the body is not JSON');
      return;
    }
    const validate = this.validatorFor(`${pointer}/content/${escape(contentType)}/schema`);
    if (!validate(body)) {
      result.problems.push(`body: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}`);
    }
  }

  /** A validator for the schema at a JSON pointer of the document (e.g. /components/schemas/Scan). */
  validatorFor(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** Validates a value against a component schema; returns the problems (none = valid). */
  validateSchema(name: string, value: unknown): string[] {
    const validate = this.validatorFor(`/components/schemas/${name}`);
    return validate(value) ? [] : [this.ajv.errorsText(validate.errors, { separator: '; ' })];
  }

  private resolve(value: Json): Json {
    if (typeof value.$ref !== 'string') return value;
    const path = value.$ref.replace(/^#\//, '').split('/').map(unescape);
    let target: unknown = this.document;
    for (const segment of path) target = (target as Json)[segment];
    return target as Json;
  }

  /** Every response checked so far that did not match the document. */
  failures(): CheckedResponse[] {
    return this.checked.filter((c) => c.problems.length > 0);
  }
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * fetch, but every response is checked against the document (and recorded on `validator`). The response handed
 * back is intact (its body can still be read).
 */
export function contractFetch(validator: ContractValidator, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await base(request.clone());
    const body = new Uint8Array(await response.clone().arrayBuffer());
    const url = new URL(request.url);
    validator.check({ method: request.method, url: `${url.pathname}${url.search}`, status: response.status, headers: response.headers, body });
    return response;
  };
}
