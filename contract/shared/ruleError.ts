/**
 * A broken business rule, as the server and the mock answer it: 409 for a state conflict, 422 for bad input
 * (the mock also refuses with 404 and 413), `fields` naming the input at fault. No zod: the browser runs the
 * rules too.
 */
export class RuleError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'RuleError';
  }
}

/** Refuses input with problems (field → message, as the contract's `…Problems` functions give them): 422. */
export function assertNoProblems(problems: Record<string, string>): void {
  if (Object.keys(problems).length > 0) refuse(problems);
}

/** A 422 naming every field at fault, the first one's message on top. */
export function refuse(problems: Record<string, string>): never {
  throw new RuleError(422, 'VALIDATION_FAILED', Object.values(problems)[0], problems);
}
