import { publicProcedure } from "../../../trpc/trpc";
import { listAllBottles } from "../service";

/** AllBottlesList: every bottle with its lookup names, sorted by name. */
export default publicProcedure.query(({ ctx }) => listAllBottles(ctx));
