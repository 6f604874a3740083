// Errors a fleet route throws on purpose: fastify turns `statusCode` + `message` into the JSON body every fleet
// error has, `{statusCode, error, message}`.
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
