import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

const SECRET_QUERY_PARAMS = /([?&](?:token|refreshToken|accessToken|password|connectionParams)=)[^&]*/gi;

/** Query-string secrets (the confirmation link's token) never reach the logs. */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY_PARAMS, "$1[redacted]");

/** pino options: one JSON line per request with its id; no headers, bodies or secrets. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "*.password",
        "*.refreshToken",
        "*.accessToken",
        "*.token",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** One JSON line per request (when it completes), carrying the request id, method, url and status. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, "request errored");
    else reply.log.info(fields, "request completed");
  }
}
