// Errors a route throws on purpose: fastify turns `statusCode` + `message` into the same JSON body its own
// validation errors have, `{statusCode, error, message}`, so every 4xx reads alike.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string): HttpError => new HttpError(400, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);
export const notFound = (message: string): HttpError => new HttpError(404, message);
