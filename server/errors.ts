/** An error whose message is safe to show the client, with its HTTP status (and headers). */
export class HttpError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;
  readonly headers: Record<string, string>;
  constructor(status: HttpError['status'], message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.headers = headers;
  }
}
