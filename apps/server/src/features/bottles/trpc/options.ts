import { publicProcedure } from "../../../trpc/trpc";
import { listBottleChoices } from "../service";

/** {id, name} of every bottle (GET /api/Bottles). */
export default publicProcedure.query(({ ctx }) => listBottleChoices(ctx));
