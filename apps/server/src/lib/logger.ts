import type { FastifyRequest } from "fastify";

const SECRET_QUERY_PARAMS = /([?&](?:token|refreshToken|accessToken|password)=)[^&]*/gi;

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
