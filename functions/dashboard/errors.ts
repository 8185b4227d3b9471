/** What the dashboard answers with an HTML page rather than problem+json (errors.tsx renders them). */
export class DashboardError extends Error {
  override readonly name = 'DashboardError';
  constructor(
    readonly status: 400 | 403 | 404 | 413 | 429,
    readonly heading: string,
    message: string,
  ) {
    super(message);
  }
}

/** Another account's record looks exactly like a missing one. */
export function pageNotFound(what: string): DashboardError {
  return new DashboardError(404, 'Not found', `${what} does not exist in this account.`);
}

export function csrfRefused(): DashboardError {
  return new DashboardError(403, 'Form expired', 'This form could not be verified (it expired, or came from another site). Go back, reload the page and try again.');
}

/** The POST body could not be parsed as a form (the routes read it again from Hono's cache after this check). */
export function unreadableForm(): DashboardError {
  return new DashboardError(400, 'Form not readable', 'The form could not be read (its body is not a complete form). Go back, reload the page and try again.');
}

/** A form body over the dashboard's limit (its largest form is a few hundred bytes). */
export function formTooLarge(maxBytes: number): DashboardError {
  return new DashboardError(413, 'Form too large', `The form is larger than ${maxBytes} bytes; go back, shorten what you typed and try again.`);
}
