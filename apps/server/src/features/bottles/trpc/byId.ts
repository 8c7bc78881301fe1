import { BottleIdSchema } from "@club/shared";
import { publicProcedure } from "../../../trpc/trpc";
import { getBottle } from "../service";

export default publicProcedure.input(BottleIdSchema).query(({ ctx, input }) => getBottle(ctx, input));
