/** The one error shape every endpoint answers with: `{"error":{"code","message"}}`. */
import type { ApiErrorBody } from '@tshirt/shared/types';

export class HttpError extends Error {
  /** The request field the error is about, shown by the form under that field. */
  readonly field?: string;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
    if (field !== undefined) this.field = field;
  }
}

export function errorBody(code: string, message: string, field?: string): ApiErrorBody {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

export function notFound(message = 'Not found.'): HttpError {
  return new HttpError(404, 'not_found', message);
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, 'invalid_request', message);
}

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Turns an Ajv validation error into a sentence a developer (or shopper) can act on. */
export function describeValidationIssue(
  issue: ValidationIssue,
  context: string | undefined,
): string {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const subject = field || (context === 'body' ? 'The request body' : 'The request');
  switch (issue.keyword) {
    case 'required':
      return `${String(issue.params.missingProperty)} is required`;
    case 'enum':
      return `${subject} must be one of: ${(issue.params.allowedValues as unknown[])
        .map((value) => (value === '' ? '(empty)' : String(value)))
        .join(', ')}`;
    case 'maxLength':
      return `${subject} must be at most ${String(issue.params.limit)} characters`;
    case 'minLength':
      return `${subject} must be at least ${String(issue.params.limit)} characters`;
    case 'maximum':
      return `${subject} must be at most ${String(issue.params.limit)}`;
    case 'minimum':
      return `${subject} must be at least ${String(issue.params.limit)}`;
    case 'type':
      return `${subject} must be ${issue.params.type === 'integer' ? 'a whole number' : `a ${String(issue.params.type)}`}`;
    case 'pattern':
      return `${subject} has an invalid format`;
    case 'maxItems':
      return `${subject} must have at most ${String(issue.params.limit)} items`;
    default:
      return `${subject} ${issue.message ?? 'is invalid'}`;
  }
}
