/** An error whose message is safe to show the client, with its HTTP status. */
export class HttpError extends Error {
  readonly status: 400 | 401 | 404 | 405 | 413 | 415 | 429 | 503;
  constructor(status: HttpError['status'], message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}
