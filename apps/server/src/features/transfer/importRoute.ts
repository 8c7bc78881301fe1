import type { FastifyRequest } from "fastify";
import { BadRequestError } from "../../kernel/errors";
import type { AuthedCtx } from "../../kernel/context";
import type { NamedAction } from "../../kernel/actions";
import type { ApiRoute } from "../../kernel/meta";
import { restOnlyRoute, type RestOnlyRoute } from "../../kernel/restOnlyRoute";
import { acceptUploads } from "../../platform/uploads";
import { runImport } from "./importBudget";
import { readUploadedForm, type UploadedForm } from "./multipartForm";

/** What an import route's handler gets: the caller, and the uploaded file with the form's text fields. */
export interface ImportCall {
  ctx: AuthedCtx;
  file: Buffer;
  fields: UploadedForm["fields"];
  /** A dry run checks the file and writes nothing. */
  dryRun: boolean;
}

/**
 * An import (a library CSV, a club export): a multipart POST with the file in the field `file` and
 * a few text fields, at most `maxBytes`. A real import spends a write of the member's budget
 * (429); every call, dry runs included, spends an import of the imports' budget (429) and waits
 * for its turn (503 when too many wait: importBudget.ts). A missing or unreadable file is
 * `messages.missing` (400), a file over the limit `messages.tooLarge` (400). Declared with
 * restOnlyRoute; the upload's shape and limits are stated here once.
 */
export function importRoute(spec: {
  access: "member" | "admin";
  action: NamedAction;
  doc: Omit<ApiRoute, "auth" | "access" | "fileField" | "budgeted" | "errors">;
  maxBytes: number;
  messages: { missing: string; tooLarge: string };
  /** Whether the call only checks the file (read from the request before the upload). */
  dryRun?: (req: FastifyRequest) => boolean;
  run: (call: ImportCall) => Promise<unknown>;
}): RestOnlyRoute {
  const { messages } = spec;
  return restOnlyRoute({
    access: spec.access,
    action: spec.action,
    doc: { ...spec.doc, fileField: "file", budgeted: true, errors: [503] },
    setup: (app) => acceptUploads(app, { fileSize: spec.maxBytes, fields: 5 }),
    handler: ({ req, ctx }) => {
      const dryRun = spec.dryRun?.(req) ?? false;
      if (!dryRun) ctx.writeBudget.spend(ctx.user.id);
      return runImport(req.server.deps, ctx.user.id, async () => {
        const form = await readUploadedForm(req, messages);
        if (!form.file) throw new BadRequestError(messages.missing);
        return spec.run({ ctx, file: form.file, fields: form.fields, dryRun });
      });
    },
  });
}
