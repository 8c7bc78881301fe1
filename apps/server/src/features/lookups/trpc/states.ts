import { publicProcedure } from "../../../trpc/trpc";
import { getStates } from "../service";

export default publicProcedure.query(({ ctx }) => getStates(ctx));
