/** Response headers by name; a header sent more than once (Set-Cookie) has a list. */
export type HeaderValues = Record<string, string | readonly string[]>;

/** An error whose message is safe to show the client, with its HTTP status (and headers). */
export class HttpError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;
  readonly headers: HeaderValues;
  constructor(status: HttpError['status'], message: string, headers: HeaderValues = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}
