import { STATS_TOP, type Stats } from "@club/shared";
import { loadStats } from "@club/db";
import type { PublicCtx } from "../../kernel/context";

/** The club in figures, as the Stats screen draws them: the top lists keep STATS_TOP entries. */
export const getStats = (ctx: PublicCtx): Stats => loadStats(ctx.db, STATS_TOP);
