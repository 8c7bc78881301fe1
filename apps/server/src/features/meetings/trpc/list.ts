import { publicProcedure } from "../../../trpc/trpc";
import { getMeetings } from "../service";

export default publicProcedure.query(({ ctx }) => getMeetings(ctx));
