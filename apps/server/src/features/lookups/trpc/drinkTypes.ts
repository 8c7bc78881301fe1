import { publicProcedure } from "../../../trpc/trpc";
import { getDrinkTypes } from "../service";

export default publicProcedure.query(({ ctx }) => getDrinkTypes(ctx));
