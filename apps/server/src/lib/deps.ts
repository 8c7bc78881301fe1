import "fastify";
import type { Db } from "@club/db";
import type { Config } from "../config";
import type { ImageStore } from "./images";
import type { Mailer } from "./mailer";
import type { ReadCache } from "./readCache";
import type { TokenService } from "./tokens";

/** Everything a service function needs besides the caller; built once per app. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  images: ImageStore;
  tokens: TokenService;
  /** Results of public reads until the database changes. */
  reads: ReadCache;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
  }
}

export interface AuthUser {
  id: number;
  email: string;
}

export interface Ctx extends Deps {
  user: AuthUser | null;
}

export interface AuthedCtx extends Deps {
  user: AuthUser;
}
